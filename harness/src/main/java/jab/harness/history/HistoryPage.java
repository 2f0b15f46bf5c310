package jab.harness.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jab.harness.page.ChartLibrary;

/**
 * history.html: one file, no network (Chart.js inlined from its WebJar, as report.html). One view per
 * machine and JDK, chosen in a list: per question each ratio over the runs with its 95% interval as a
 * band and its change points marked with their commit, then the latest run's answers as a forest plot
 * (ratio and interval per pair, the equivalence band shaded). The change points of every view are also
 * a table, readable without script. When the charts are drawn the body gets
 * {@code data-charts-drawn="N"}, which the tests read from the rendered DOM.
 */
public final class HistoryPage {
    private static final ObjectMapper JSON = new ObjectMapper();

    private HistoryPage() {
    }

    public static String html(String location, List<HistoryStore.Run> runs, List<HistoryStore.Series> series, List<Change> changes) {
        Map<String, Double> bands = new LinkedHashMap<>();
        runs.forEach(r -> bands.put(r.key(), r.band()));
        StringBuilder body = new StringBuilder();
        body.append("<p>").append(esc(String.format(Locale.ROOT, "%d runs, %d series (a ratio of a question on one machine and JDK), "
                + "%d change points, from %s. Each chart is one question: every ratio against the question's reference over the runs "
                + "in the order measured, its 95%% interval over forks as a band; a dashed line marks a change point (E-divisive "
                + "means with a t-test, as Apache Otava) with the first commit after it. Under it, the latest run's answers.",
                runs.size(), series.size(), changes.size(), location))).append("</p>\n");
        List<ObjectNode> views = views(series, changes, bands);
        body.append("<p><label for=\"view\">Machine and JDK: </label><select id=\"view\">");
        for (int i = 0; i < views.size(); i++) {
            body.append("<option value=\"").append(i).append("\">").append(esc(views.get(i).path("title").asText())).append("</option>");
        }
        body.append("</select></p>\n");
        body.append(changeTable(changes));
        body.append("<div id=\"charts\"></div>\n");
        ArrayNode data = JSON.createArrayNode();
        views.forEach(data::add);
        String json;
        try {
            json = JSON.writeValueAsString(data).replace("</", "<\\/");
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>jab history</title>\n<style>\n" + CSS
                + "</style>\n<script>\n/* Chart.js " + ChartLibrary.version() + " (MIT), inlined from its WebJar */\n" + ChartLibrary.script()
                + "\n</script>\n</head>\n<body>\n<h1>jab history</h1>\n" + body + "<script>\nconst JAB_VIEWS = " + json + ";\n" + RENDER
                + "</script>\n</body>\n</html>\n";
    }

    /** The change points as a table: question, ratio, machine, JDK, first commit after, before, after, step. */
    private static String changeTable(List<Change> changes) {
        if (changes.isEmpty()) {
            return "<p>No change point in any series.</p>\n";
        }
        StringBuilder t = new StringBuilder("<h2>Change points</h2>\n<table><thead><tr><th>question</th><th>ratio</th><th>machine</th>"
                + "<th>JDK</th><th>first commit after</th><th>before</th><th>after</th><th>step (95% interval)</th><th>got slower</th></tr>"
                + "</thead><tbody>\n");
        for (Change c : changes) {
            HistoryStore.Series s = c.series();
            t.append("<tr").append(c.regression() ? " class=\"regression\"" : "").append("><td>").append(esc(s.question()
                    + HistoryChanges.fixedWords(s.fixed()))).append("</td><td>").append(esc(s.aName() + " / " + s.bName()))
                    .append("</td><td title=\"").append(esc(s.machineLabel())).append("\">").append(esc(s.machine())).append("</td><td>")
                    .append(esc(s.jdk())).append("</td><td><code>").append(esc(shortCommit(c.commit()))).append("</code> ")
                    .append(esc(c.time())).append("</td><td class=\"num\">").append(String.format(Locale.ROOT, "%.3f (%.3f-%.3f)", c.before(),
                            c.beforeLow(), c.beforeHigh())).append("</td><td class=\"num\">").append(String.format(Locale.ROOT,
                            "%.3f (%.3f-%.3f)", c.after(), c.afterLow(), c.afterHigh())).append("</td><td class=\"num\">")
                    .append(esc(ChangeOptions.pct(c.step() - 1) + " (" + ChangeOptions.pct(c.stepLow() - 1) + " to "
                            + ChangeOptions.pct(c.stepHigh() - 1) + ")")).append("</td><td>")
                    .append(esc(c.slower().equals(s.a()) ? s.aName() : s.bName())).append("</td></tr>\n");
        }
        return t.append("</tbody></table>\n").toString();
    }

    static String shortCommit(String commit) {
        return commit.length() > 12 ? commit.substring(0, 12) : commit;
    }

    /** One view per machine and JDK: its runs, its questions' charts and the latest run's answers. */
    private static List<ObjectNode> views(List<HistoryStore.Series> series, List<Change> changes, Map<String, Double> bands) {
        Map<String, List<HistoryStore.Series>> byView = new TreeMap<>();
        series.forEach(s -> byView.computeIfAbsent(s.machine() + "\u0000" + s.jdk(), k -> new ArrayList<>()).add(s));
        List<ObjectNode> out = new ArrayList<>();
        for (List<HistoryStore.Series> ss : byView.values()) {
            HistoryStore.Series first = ss.get(0);
            Map<String, HistoryStore.Point> runs = new TreeMap<>(); // by time, then key: the view's x axis
            ss.forEach(s -> s.points().forEach(p -> runs.put(p.time() + "\u0000" + p.runKey(), p)));
            List<String> order = new ArrayList<>(runs.keySet());
            ObjectNode v = JSON.createObjectNode();
            v.put("title", first.machineLabel() + " (machine " + first.machine() + "), JDK " + first.jdk());
            ArrayNode labels = v.putArray("labels");
            runs.values().forEach(p -> labels.add(shortCommit(p.commit()) + " " + p.time().substring(0, Math.min(10, p.time().length()))));
            Map<String, ArrayNode> questions = new LinkedHashMap<>();
            ArrayNode qs = v.putArray("questions");
            HistoryStore.Point latest = runs.values().stream().reduce((a, b) -> b).orElseThrow();
            v.put("latest", shortCommit(latest.commit()) + " " + latest.time());
            v.put("band", bands.getOrDefault(latest.runKey(), 0.03));
            ArrayNode forest = v.putArray("forest");
            for (HistoryStore.Series s : ss.stream().sorted(Comparator.comparing(HistoryStore.Series::question)).toList()) {
                List<Change> mine = changes.stream().filter(c -> c.series() == s).toList();
                if (!s.answer() && mine.isEmpty()) {
                    continue; // the pairs beside the answers are drawn only where they stepped
                }
                ArrayNode ratios = questions.computeIfAbsent(s.question() + HistoryChanges.fixedWords(s.fixed()), q -> {
                    ObjectNode qn = qs.addObject();
                    qn.put("title", q);
                    return qn.putArray("ratios");
                });
                ObjectNode r = ratios.addObject();
                r.put("label", s.aName() + " / " + s.bName());
                ArrayNode val = r.putArray("values");
                ArrayNode low = r.putArray("low");
                ArrayNode high = r.putArray("high");
                Map<String, HistoryStore.Point> at = new LinkedHashMap<>();
                s.points().forEach(p -> at.put(p.time() + "\u0000" + p.runKey(), p));
                for (String k : order) {
                    HistoryStore.Point p = at.get(k);
                    if (p == null) {
                        val.addNull();
                        low.addNull();
                        high.addNull();
                    } else {
                        val.add(p.ratio());
                        low.add(p.low());
                        high.add(p.high());
                    }
                }
                ArrayNode cs = r.putArray("changes");
                for (Change c : mine) {
                    ObjectNode cn = cs.addObject();
                    cn.put("index", order.indexOf(c.series().points().get(c.index()).time() + "\u0000" + c.series().points().get(c.index()).runKey()));
                    cn.put("commit", shortCommit(c.commit()));
                    cn.put("step", ChangeOptions.pct(c.step() - 1));
                }
                HistoryStore.Point last = at.get(order.get(order.size() - 1));
                if (s.answer() && last != null) {
                    ObjectNode f = forest.addObject();
                    f.put("question", s.question() + HistoryChanges.fixedWords(s.fixed()));
                    f.put("label", s.aName() + " / " + s.bName());
                    f.put("ratio", last.ratio());
                    f.put("low", last.low());
                    f.put("high", last.high());
                    f.put("verdict", last.verdict());
                }
            }
            out.add(v);
        }
        return out;
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static final String CSS = String.join("\n",
            "body{font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;color:#222}",
            "h1,h2,h3{border-bottom:1px solid #ddd;padding-bottom:.2em}",
            "table{border-collapse:collapse;margin:.5em 0 1.5em;font-size:13px}",
            "th,td{border:1px solid #ccc;padding:3px 8px;text-align:left;vertical-align:top}",
            "th{background:#f0f0f0}",
            "td.num{text-align:right;font-variant-numeric:tabular-nums}",
            "tr.regression td{background:#fde8e8}",
            "code{background:#f3f3f3;padding:0 3px}",
            ".chart{position:relative;width:100%;height:320px;margin:1em 0 2em}",
            "");

    /**
     * Draws the chosen view: a line chart per question (each ratio with its interval as a filled band,
     * change points as dashed lines labelled with their commit) and the latest run's forest plot.
     */
    private static final String RENDER = String.join("\n",
            "(function () {",
            "  const palette = ['#4e79a7','#f28e2b','#e15759','#76b7b2','#59a14f','#edc948','#b07aa1','#ff9da7','#9c755f','#bab0ac'];",
            "  const alpha = (c) => c + '33';",
            "  const changeLines = {",
            "    id: 'jabChanges',",
            "    afterDatasetsDraw(chart) {",
            "      const marks = chart.options.plugins.jabChanges;",
            "      if (!Array.isArray(marks)) return; // a plugin's options are {} on the charts that give none",
            "      const x = chart.scales.x, area = chart.chartArea, ctx = chart.ctx;",
            "      marks.forEach((m) => {",
            "        const px = m.index > 0 ? (x.getPixelForValue(m.index - 1) + x.getPixelForValue(m.index)) / 2 : x.getPixelForValue(m.index);",
            "        ctx.save(); ctx.strokeStyle = m.color; ctx.setLineDash([5, 4]); ctx.lineWidth = 1.5;",
            "        ctx.beginPath(); ctx.moveTo(px, area.top); ctx.lineTo(px, area.bottom); ctx.stroke();",
            "        ctx.setLineDash([]); ctx.fillStyle = m.color; ctx.font = '11px sans-serif';",
            "        ctx.fillText(m.commit + ' ' + m.step, px + 3, area.top + 12 + 12 * m.row); ctx.restore();",
            "      });",
            "    }",
            "  };",
            "  const forestMarks = {",
            "    id: 'jabForest',",
            "    beforeDatasetsDraw(chart) {",
            "      const f = chart.options.plugins.jabForest; if (!f || !f.rows) return;",
            "      const x = chart.scales.x, area = chart.chartArea, ctx = chart.ctx;",
            "      const l = Math.max(area.left, x.getPixelForValue(1 - f.band)), r = Math.min(area.right, x.getPixelForValue(1 + f.band));",
            "      ctx.save(); ctx.fillStyle = 'rgba(89,161,79,0.15)'; ctx.fillRect(l, area.top, r - l, area.bottom - area.top);",
            "      ctx.strokeStyle = '#59a14f'; ctx.beginPath(); ctx.moveTo(x.getPixelForValue(1), area.top);",
            "      ctx.lineTo(x.getPixelForValue(1), area.bottom); ctx.stroke(); ctx.restore();",
            "    },",
            "    afterDatasetsDraw(chart) {",
            "      const f = chart.options.plugins.jabForest; if (!f || !f.rows) return;",
            "      const x = chart.scales.x, ctx = chart.ctx, meta = chart.getDatasetMeta(0);",
            "      meta.data.forEach((el, i) => {",
            "        ctx.save(); ctx.fillStyle = '#222'; ctx.beginPath();",
            "        ctx.arc(x.getPixelForValue(f.rows[i].ratio), el.y, 3.5, 0, 2 * Math.PI); ctx.fill(); ctx.restore();",
            "      });",
            "    }",
            "  };",
            "  Chart.register(changeLines, forestMarks);",
            "  let charts = [];",
            "  function canvas(holder, height, label) {",
            "    const div = document.createElement('div'); div.className = 'chart'; div.style.height = height + 'px';",
            "    const c = document.createElement('canvas'); c.setAttribute('role', 'img'); c.setAttribute('aria-label', label);",
            "    div.appendChild(c); holder.appendChild(div); return c;",
            "  }",
            "  function render(v) {",
            "    charts.forEach((c) => c.destroy()); charts = [];",
            "    const holder = document.getElementById('charts'); holder.innerHTML = '';",
            "    v.questions.forEach((q) => {",
            "      const h = document.createElement('h3'); h.textContent = q.title; holder.appendChild(h);",
            "      const datasets = [], marks = [];",
            "      q.ratios.forEach((r, i) => {",
            "        const c = palette[i % palette.length];",
            "        datasets.push({ label: r.label + ' (95% low)', data: r.low, borderColor: 'transparent', pointRadius: 0, fill: false, spanGaps: true, jabBand: true });",
            "        datasets.push({ label: r.label + ' (95% high)', data: r.high, borderColor: 'transparent', backgroundColor: alpha(c), pointRadius: 0, fill: '-1', spanGaps: true, jabBand: true });",
            "        datasets.push({ label: r.label, data: r.values, borderColor: c, backgroundColor: c, pointRadius: 2, fill: false, spanGaps: true });",
            "        r.changes.forEach((ch) => marks.push({ index: ch.index, commit: ch.commit, step: ch.step, color: c, row: marks.length }));",
            "      });",
            "      charts.push(new Chart(canvas(holder, 320, q.title), {",
            "        type: 'line', data: { labels: v.labels, datasets: datasets },",
            "        options: { animation: false, responsive: true, maintainAspectRatio: false,",
            "          plugins: { jabChanges: marks, legend: { labels: { filter: (item, data) => !data.datasets[item.datasetIndex].jabBand } } },",
            "          scales: { x: { title: { display: true, text: 'run (commit, date), oldest first' } },",
            "                    y: { type: 'logarithmic', title: { display: true, text: 'ratio a / b (log scale)' } } } }",
            "      }));",
            "    });",
            "    if (v.forest.length > 0) {",
            "      const h = document.createElement('h3');",
            "      h.textContent = 'Latest run (' + v.latest + '): each answer with its 95% interval; shaded, the band within which two variants are the same (\\u00b1' + (v.band * 100) + '%)';",
            "      holder.appendChild(h);",
            "      const lo = Math.min(...v.forest.map((f) => f.low), 1 - v.band), hi = Math.max(...v.forest.map((f) => f.high), 1 + v.band);",
            "      charts.push(new Chart(canvas(holder, 80 + 34 * v.forest.length, 'latest run'), {",
            "        type: 'bar', data: { labels: v.forest.map((f) => [f.question, f.label + ' (' + f.verdict + ')']),",
            "          datasets: [{ label: '95% interval', data: v.forest.map((f) => [f.low, f.high]), backgroundColor: '#4e79a7', barThickness: 4 }] },",
            "        options: { indexAxis: 'y', animation: false, responsive: true, maintainAspectRatio: false,",
            "          plugins: { legend: { display: false }, jabForest: { band: v.band, rows: v.forest } },",
            "          scales: { x: { type: 'logarithmic', min: lo * 0.98, max: hi * 1.02, title: { display: true, text: 'ratio a / b (log scale)' } } } }",
            "      }));",
            "    }",
            "    document.body.setAttribute('data-charts-drawn', String(charts.length));",
            "  }",
            "  const select = document.getElementById('view');",
            "  select.addEventListener('change', () => render(JAB_VIEWS[Number(select.value)]));",
            "  if (JAB_VIEWS.length > 0) render(JAB_VIEWS[0]); else document.body.setAttribute('data-charts-drawn', '0');",
            "})();",
            "");
}
