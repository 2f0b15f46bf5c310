package jab.harness.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import jab.harness.env.Fingerprint;
import jab.harness.family.Family;
import jab.harness.family.FamilySet;
import jab.harness.page.HtmlPage;
import jab.harness.page.MarkdownPage;
import jab.harness.page.Page;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultSource;
import jab.harness.results.ResultTable;
import jab.harness.results.RunRecord;
import jab.harness.results.RunResults;
import jab.harness.warnings.InterleavedChecks;
import jab.harness.warnings.RunWarnings;
import jab.harness.warnings.Warning;

/**
 * report.md and report.html of one or more runs, both from the same sections: the answers, the machine
 * headings of the seed's README, charts per benchmark group, JMH's tables per JDK,
 * each family's own section (the same as in summary.md) and the machine fingerprint. Reads the run
 * directories only.
 */
public final class Report {
    private Report() {
    }

    /** jab report: a section per run. */
    public static void write(List<ResultSource> runs, FamilySet families, Path out) throws IOException {
        write(out, "jab report", page -> {
            for (ResultSource in : runs) {
                RunData run = new RunData(in.scored(), families);
                if (runs.size() > 1) {
                    page.heading(1, "Run " + in.name());
                }
                int l = runs.size() > 1 ? 2 : 1;
                if (in.run().isPresent()) {
                    Summary.answers(page, in.run().get(), l);
                }
                machineHeadings(page, in, l);
                runInfo(page, in);
                warnings(page, warningsOf(in), l);
                for (RunData.Group g : run.groups) {
                    page.heading(l, g.title() + " (" + g.className() + ")");
                    Charts.of(g).forEach(page::chart);
                }
                results(page, in.scored(), l);
                if (in.run().isPresent()) {
                    FlameGraphs.section(page, in.path(), out, l);
                }
                familySections(page, in, families, l);
                notes(page, in, l);
                fingerprint(page, in, l);
            }
        });
    }

    interface Body {
        void build(Page page) throws IOException;
    }

    static void write(Path out, String title, Body body) throws IOException {
        Files.createDirectories(out);
        Page md = new MarkdownPage();
        Page html = new HtmlPage();
        body.build(md);
        body.build(html);
        Files.writeString(out.resolve("report.md"), md.render(title), StandardCharsets.UTF_8);
        Files.writeString(out.resolve("report.html"), html.render(title), StandardCharsets.UTF_8);
    }

    /** The seed's two headings: OS and kernel, then CPU, RAM and storage; "unknown" without env.json. */
    static void machineHeadings(Page page, ResultSource in, int level) {
        ObjectNode env = envOf(in);
        if (env == null) {
            page.heading(level, "Machine: unknown");
            page.paragraph("No env.json in " + in.path() + ": the machine is unknown.");
            return;
        }
        machineHeadings(page, env, level);
    }

    /** The OS heading at {@code level}, the hardware heading one below it. */
    static void machineHeadings(Page page, ObjectNode env, int level) {
        String[] lines = Fingerprint.heading(env).split("\n");
        for (String line : lines) {
            if (line.startsWith("#")) {
                page.heading(level + (line.startsWith("#####") ? 1 : 0), line.replaceFirst("^#+ ", ""));
            }
        }
    }

    static void runInfo(Page page, ResultSource in) {
        ObjectNode env = envOf(in);
        List<String> facts = new ArrayList<>();
        facts.add("Run: `" + in.path() + "`");
        if (env != null) {
            RunRecord run = in.record();
            addIf(facts, "Command: `", run.request().command(), "`");
            addIf(facts, "Profile: ", run.request().profile(), "");
            addIf(facts, "Status: ", run.status(), "");
            addIf(facts, "Date: ", env.path("date").asText(""), "");
        }
        facts.add("JDKs: " + (in.jdks().isEmpty() ? "none" : String.join(", ", in.jdks().stream().map(j -> j.isEmpty() ? "?" : j).toList())));
        page.paragraph(String.join(" · ", facts));
    }

    /** Every warning of an input's results and machine; see {@link RunWarnings}. */
    static List<Warning> warningsOf(ResultSource in) {
        Map<String, List<BenchResult>> byJdk = new LinkedHashMap<>();
        List<BenchResult> timings = new ArrayList<>();
        for (ResultSource.Entry e : in.entries()) {
            if (e.jdk().equals(ResultSource.TIMINGS)) {
                timings.add(e.result());
            } else {
                byJdk.computeIfAbsent(ResultSource.outsideJmh(e.jdk()) ? "" : e.jdk(), k -> new ArrayList<>()).add(e.result());
            }
        }
        if (in.run().isEmpty()) {
            return RunWarnings.of(byJdk, timings, envOf(in), in.record());
        }
        List<Warning> out = new ArrayList<>(RunWarnings.of(byJdk, timings, envOf(in), in.record(), Summary.soloForks(in.run().get())));
        out.addAll(Answers.warnings(in.run().get()));
        out.addAll(InterleavedChecks.of(in.run().get()));
        return out;
    }

    /** The warnings under their own heading, one bullet each; no heading at all when none fired. */
    static void warnings(Page page, List<Warning> warnings, int level) {
        if (warnings.isEmpty()) {
            return;
        }
        page.heading(level, "Warnings");
        page.paragraph("Figures to read with care, each with the result it concerns and what to do.");
        page.bullets(warnings.stream().map(Warning::line).toList());
    }

    /** JMH's tables per JDK under the seed's comment block, then the native baselines. */
    static void results(Page page, ResultSource in, int level) {
        page.heading(level, "Results");
        ObjectNode env = envOf(in);
        Map<String, List<BenchResult>> byJdk = new LinkedHashMap<>();
        Map<String, List<BenchResult>> outside = new LinkedHashMap<>();
        for (ResultSource.Entry e : in.entries()) {
            if (ResultSource.outsideJmh(e.jdk())) {
                outside.computeIfAbsent(e.jdk(), k -> new ArrayList<>()).add(e.result());
            } else {
                byJdk.computeIfAbsent(e.jdk(), k -> new ArrayList<>()).add(e.result());
            }
        }
        byJdk.forEach((jdk, rs) -> {
            String head = Summary.vmHead(env, rs.get(0));
            page.paragraph(jdk.isEmpty() ? in.name() + ":" : "JDK " + jdk + ":");
            page.pre(head + "\n" + ResultTable.format(rs));
        });
        outside.forEach((kind, rs) -> outsideJmh(page, kind.equals(ResultSource.NATIVE) ? NATIVE : TIMINGS, rs));
    }

    static final String NATIVE = "Native baselines";
    static final String TIMINGS = "Other timings, not native floors";

    /** Results measured outside JMH in JMH's table, under a line naming what measured them. */
    static void outsideJmh(Page page, String what, List<BenchResult> results) {
        if (!results.isEmpty()) {
            Set<String> tools = new LinkedHashSet<>();
            results.forEach(r -> tools.add(r.vmName()));
            page.paragraph(what + " (" + String.join("; ", tools) + "):");
            page.pre(ResultTable.format(results));
        }
    }

    /** Each family's own section, the same one summary.md shows; plain JMH files have none. */
    static void familySections(Page page, ResultSource in, FamilySet families, int level) {
        if (in.run().isEmpty()) {
            return;
        }
        RunResults run = in.run().get();
        for (Family f : families.of(run)) {
            f.section(run, page, level);
        }
    }

    /** The run's notes; format 1 runs kept some in side documents, which are shown too. */
    static void notes(Page page, ResultSource in, int level) {
        List<String> notes = new ArrayList<>();
        in.run().ifPresent(run -> {
            notes.addAll(run.notes());
            notes.addAll(run.legacyNotes());
        });
        if (!notes.isEmpty()) {
            page.heading(level, "Notes");
            page.bullets(new ArrayList<>(new LinkedHashSet<>(notes)));
        }
    }

    /** Every field of env.json as a dotted key and its value. */
    static void fingerprint(Page page, ResultSource in, int level) {
        page.heading(level, "Machine fingerprint");
        ObjectNode env = envOf(in);
        if (env == null) {
            page.paragraph("unknown (no env.json)");
            return;
        }
        List<List<String>> rows = new ArrayList<>();
        flatten("", env, rows);
        page.table(List.of("field", "value"), rows);
    }

    private static void flatten(String prefix, JsonNode n, List<List<String>> rows) {
        if (n.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = n.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                flatten(prefix.isEmpty() ? e.getKey() : prefix + "." + e.getKey(), e.getValue(), rows);
            }
        } else if (n.isArray() && n.size() > 0 && n.get(0).isObject()) {
            for (int i = 0; i < n.size(); i++) {
                flatten(prefix + "[" + i + "]", n.get(i), rows);
            }
        } else if (n.isArray()) {
            List<String> vs = new ArrayList<>();
            n.forEach(x -> vs.add(x.asText()));
            rows.add(List.of(prefix, String.join("; ", vs)));
        } else {
            rows.add(List.of(prefix, n.asText()));
        }
    }

    static ObjectNode envOf(ResultSource in) {
        return in.env().filter(e -> e instanceof ObjectNode && e.has("os")).map(e -> (ObjectNode) e).orElse(null);
    }

    private static void addIf(List<String> facts, String prefix, String value, String suffix) {
        if (!value.isBlank()) {
            facts.add(prefix + value + suffix);
        }
    }
}
