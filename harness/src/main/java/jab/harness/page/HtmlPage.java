package jab.harness.page;

import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * report.html: one file, no network. Chart.js is inlined from its WebJar; the charts' data is a
 * JSON literal; error bars are drawn by a few lines of Chart.js plugin below, since Chart.js has
 * none of its own. When the charts are drawn the body gets {@code data-charts-drawn="N"}, which
 * tests read from the rendered DOM.
 */
public final class HtmlPage implements Page {
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private final StringBuilder body = new StringBuilder();
    private final List<ChartSpec> charts = new ArrayList<>();

    @Override
    public void heading(int level, String text) {
        int l = Math.min(6, level + 1); // h1 is the page title
        body.append("<h").append(l).append('>').append(inline(text)).append("</h").append(l).append(">\n");
    }

    @Override
    public void paragraph(String text) {
        body.append("<p>").append(inline(text)).append("</p>\n");
    }

    @Override
    public void pre(String text) {
        body.append("<pre>").append(esc(text)).append("</pre>\n");
    }

    @Override
    public void table(List<String> header, List<List<String>> rows, int textColumns) {
        body.append("<table><thead><tr>");
        header.forEach(h -> body.append("<th>").append(inline(h)).append("</th>"));
        body.append("</tr></thead><tbody>\n");
        for (List<String> r : rows) {
            body.append("<tr>");
            for (int c = 0; c < r.size(); c++) {
                body.append(c < textColumns ? "<td>" : "<td class=\"num\">").append(inline(r.get(c))).append("</td>");
            }
            body.append("</tr>\n");
        }
        body.append("</tbody></table>\n");
    }

    @Override
    public void bullets(List<String> items) {
        body.append("<ul>\n");
        items.forEach(i -> body.append("<li>").append(inline(i)).append("</li>\n"));
        body.append("</ul>\n");
    }

    @Override
    public void links(List<Link> links) {
        body.append("<ul>\n");
        links.forEach(l -> body.append("<li><a href=\"").append(esc(l.href())).append("\">").append(esc(l.text())).append("</a></li>\n"));
        body.append("</ul>\n");
    }

    @Override
    public void chart(ChartSpec chart) {
        int height = Math.max(280, Math.min(520, 200 + 8 * chart.labels().size()));
        body.append("<div class=\"chart\" style=\"height:").append(height).append("px\"><canvas id=\"chart-")
                .append(charts.size()).append("\" role=\"img\" aria-label=\"").append(esc(chart.title()))
                .append("\"></canvas></div>\n");
        charts.add(chart);
    }

    @Override
    public String render(String title) {
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
                + "<title>" + esc(title) + "</title>\n<style>\n" + CSS + "</style>\n"
                + "<script>\n/* Chart.js " + ChartLibrary.version() + " (MIT), inlined from its WebJar */\n"
                + ChartLibrary.script() + "\n</script>\n</head>\n<body>\n<h1>" + esc(title) + "</h1>\n"
                + body + "<script>\nconst JAB_CHARTS = " + chartsJson() + ";\n" + RENDER + "</script>\n</body>\n</html>\n";
    }

    private String chartsJson() {
        ArrayNode arr = MAPPER.createArrayNode();
        for (int i = 0; i < charts.size(); i++) {
            ChartSpec c = charts.get(i);
            ObjectNode o = arr.addObject();
            o.put("id", "chart-" + i);
            o.put("type", c.type());
            o.put("title", c.title());
            o.put("xTitle", c.xTitle());
            o.put("yTitle", c.yTitle());
            c.labels().forEach(o.putArray("labels")::add);
            ArrayNode series = o.putArray("series");
            for (ChartSpec.Series s : c.series()) {
                ObjectNode so = series.addObject();
                so.put("name", s.name());
                ArrayNode v = so.putArray("values");
                s.values().forEach(x -> addNumber(v, x));
                ArrayNode e = so.putArray("errors");
                s.errors().forEach(x -> addNumber(e, x));
            }
        }
        try {
            // "</" inside a script would end it early; "<\/" means the same in JSON.
            return MAPPER.writeValueAsString(arr).replace("</", "<\\/");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void addNumber(ArrayNode a, Double x) {
        if (x == null || !Double.isFinite(x)) {
            a.addNull();
        } else {
            a.add(x);
        }
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    /** Escapes text and turns Markdown's `code` into code elements. */
    static String inline(String s) {
        return esc(s).replaceAll("`([^`]*)`", "<code>$1</code>");
    }

    private static final String CSS = String.join("\n",
            "body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;color:#222}",
            "h1,h2,h3{border-bottom:1px solid #ddd;padding-bottom:.2em}",
            "pre{background:#f6f8fa;padding:.8em;overflow-x:auto;font-size:12px}",
            "table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:13px}",
            "th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}",
            "th{background:#f0f0f0}",
            "td.num{text-align:right;font-variant-numeric:tabular-nums}",
            "code{background:#f3f3f3;padding:0 3px}",
            ".chart{position:relative;width:100%;margin:1em 0 2em}",
            "");

    /** Draws each chart of JAB_CHARTS; the plugin adds whiskers from each dataset's jabErrors. */
    private static final String RENDER = String.join("\n",
            "(function () {",
            "  const palette = ['#4e79a7','#f28e2b','#e15759','#76b7b2','#59a14f','#edc948','#b07aa1','#ff9da7','#9c755f','#bab0ac'];",
            "  const errorBars = {",
            "    id: 'jabErrorBars',",
            "    afterDatasetsDraw(chart) {",
            "      const ctx = chart.ctx, area = chart.chartArea;",
            "      chart.data.datasets.forEach((ds, i) => {",
            "        const meta = chart.getDatasetMeta(i);",
            "        if (!chart.isDatasetVisible(i) || !ds.jabErrors) return;",
            "        const y = chart.scales[meta.yAxisID];",
            "        meta.data.forEach((el, j) => {",
            "          const v = ds.data[j], e = ds.jabErrors[j];",
            "          if (v == null || e == null || !(e > 0)) return;",
            "          const top = y.getPixelForValue(v + e), bottom = y.getPixelForValue(Math.max(v - e, y.min));",
            "          const w = Math.max(2, Math.min(6, (el.width || 8) / 4));",
            "          ctx.save(); ctx.beginPath(); ctx.rect(area.left, area.top, area.width, area.height); ctx.clip();",
            "          ctx.strokeStyle = '#333'; ctx.lineWidth = 1; ctx.beginPath();",
            "          ctx.moveTo(el.x, top); ctx.lineTo(el.x, bottom);",
            "          ctx.moveTo(el.x - w, top); ctx.lineTo(el.x + w, top);",
            "          ctx.moveTo(el.x - w, bottom); ctx.lineTo(el.x + w, bottom);",
            "          ctx.stroke(); ctx.restore();",
            "        });",
            "      });",
            "    }",
            "  };",
            "  Chart.register(errorBars);",
            "  let drawn = 0;",
            "  for (const c of JAB_CHARTS) {",
            "    const datasets = c.series.map((s, i) => ({",
            "      label: s.name, data: s.values, jabErrors: s.errors, spanGaps: true,",
            "      backgroundColor: palette[i % palette.length], borderColor: palette[i % palette.length]",
            "    }));",
            "    new Chart(document.getElementById(c.id), {",
            "      type: c.type, data: { labels: c.labels, datasets: datasets },",
            "      options: {",
            "        animation: false, responsive: true, maintainAspectRatio: false,",
            "        plugins: {",
            "          title: { display: true, text: c.title },",
            "          tooltip: { callbacks: { label: (t) => {",
            "            const e = t.dataset.jabErrors[t.dataIndex];",
            "            return t.dataset.label + ': ' + t.formattedValue + (e != null ? ' \\u00b1 ' + e.toPrecision(3) : '');",
            "          } } }",
            "        },",
            "        scales: {",
            "          x: { title: { display: !!c.xTitle, text: c.xTitle } },",
            "          y: { beginAtZero: true, title: { display: true, text: c.yTitle } }",
            "        }",
            "      }",
            "    });",
            "    drawn++;",
            "  }",
            "  document.body.setAttribute('data-charts-drawn', String(drawn));",
            "})();",
            "");
}
