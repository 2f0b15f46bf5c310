package jab.harness.report;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import com.fasterxml.jackson.databind.node.ObjectNode;

import jab.harness.env.Fingerprint;
import jab.harness.page.MarkdownPage;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultTable;
import jab.harness.results.RunRecord;
import jab.harness.results.RunResults;
import jab.harness.stats.ForkInterval;

/**
 * A README's "Results" section from published runs, after seed 000's layout: per run the OS and the
 * hardware, its questions' answers (the one ratio of each pair), then per JDK JMH's header (Test Date,
 * VM version, VM options) and a code block with the table (JMH's columns and jab's fork-level
 * interval; a question's variants scored over its interleaved forks, as every table of jab's). Made by jab from the run directories, never by
 * hand. Unlike the seed, no headings and no "#" lines: the section stays whole in the README's
 * outline, and whoever counts the hand-written README can skip it as one part.
 */
public final class ReadmeResults {
    public static final String BEGIN = "<!-- jab readme: begin (written by ./jab readme; do not edit by hand) -->";
    public static final String END = "<!-- jab readme: end -->";

    private ReadmeResults() {
    }

    /** The section's Markdown, between the markers, for runs in the order given (named by their paths). */
    public static String markdown(List<Path> runDirs, List<RunResults> runs) {
        StringBuilder out = new StringBuilder(BEGIN).append("\n\n");
        for (int i = 0; i < runs.size(); i++) {
            RunResults run = runs.get(i);
            ObjectNode env = run.env().filter(e -> e instanceof ObjectNode).map(e -> (ObjectNode) e).orElse(null);
            MarkdownPage page = new MarkdownPage();
            RunRecord.Request asked = run.record().request();
            if (env != null) {
                machine(page, env);
                page.paragraph("`" + asked.command() + "` (" + runDirs.get(i).getFileName() + ", profile "
                        + (asked.profile().isEmpty() ? "?" : asked.profile()) + "):");
            }
            for (Answers.Answer a : Answers.of(run)) {
                page.paragraph(a.title() + ":");
                page.bullets(a.lines());
            }
            double goal = asked.precision();
            for (String jdk : run.jdkIds()) {
                List<BenchResult> rs = run.scores(jdk);
                if (!rs.isEmpty()) {
                    page.bullets(headerLines(Summary.vmHead(env, rs.get(0))));
                    page.pre(ResultTable.format(rs));
                    precision(rs, goal).ifPresent(page::paragraph);
                }
            }
            if (!run.baselines().isEmpty()) {
                page.paragraph("Native baselines (the same work from C):");
                page.pre(ResultTable.format(run.baselines()));
            }
            out.append(page.body().strip()).append("\n\n");
        }
        return out.append(END).append('\n').toString();
    }

    /**
     * The machine in bold, one line for the OS and one for the hardware: no headings, so the section
     * stays one part of the README's outline (seed 000 gives them headings of their own).
     */
    private static void machine(MarkdownPage page, ObjectNode env) {
        for (String line : Fingerprint.heading(env).split("\n")) {
            if (line.startsWith("#")) {
                page.paragraph("**" + line.replaceFirst("^#+ ", "") + "**");
            }
        }
    }

    /** JMH's "# Test Date: ..." header as list items: the table's code block then holds the table only. */
    static List<String> headerLines(String vmHead) {
        return vmHead.lines().filter(l -> !l.isBlank()).map(l -> l.replaceFirst("^#\\s*", "")).toList();
    }

    /**
     * How many of a table's results met the run's precision goal, said under the table so a reader
     * knows which figures to take as they stand; empty when the run had no goal.
     */
    static Optional<String> precision(List<BenchResult> results, double goal) {
        if (!(goal > 0)) {
            return Optional.empty();
        }
        int wide = 0;
        for (BenchResult r : results) {
            ForkInterval fi = ForkInterval.of(r.rawData());
            wide += fi.method() == ForkInterval.Method.FORK_MEANS && fi.relative() <= goal ? 0 : 1;
        }
        String pct = ForkInterval.percent(goal);
        if (wide == 0) {
            return Optional.of("Every result above is within the run's precision goal (fork-level 95% interval within ±" + pct + ").");
        }
        return Optional.of(String.format(Locale.ROOT, "**%d of %d results above miss the run's precision goal** (fork-level "
                + "95%% interval within ±%s; their ±95%% column says how far): a difference smaller than a result's interval "
                + "is noise, not a finding.", wide, results.size(), pct));
    }

    /** The README with its section between the markers replaced, or appended under "## Results" when absent. */
    public static String replace(String readme, String section) {
        int b = readme.indexOf(BEGIN);
        int e = readme.indexOf(END);
        if (b >= 0 && e > b) {
            return readme.substring(0, b) + section + readme.substring(e + END.length() + (readme.startsWith("\n", e + END.length()) ? 1 : 0));
        }
        return readme.stripTrailing() + "\n\n## Results\n\n" + section;
    }
}
