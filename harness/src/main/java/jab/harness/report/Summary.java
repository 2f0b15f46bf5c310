package jab.harness.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.node.ObjectNode;

import jab.harness.env.Fingerprint;
import jab.harness.family.Family;
import jab.harness.family.FamilySet;
import jab.harness.page.MarkdownPage;
import jab.harness.page.Page;
import jab.harness.results.BenchResult;
import jab.harness.results.Comparisons;
import jab.harness.results.ResultTable;
import jab.harness.results.RunResults;
import jab.harness.warnings.InterleavedChecks;
import jab.harness.warnings.RunWarnings;
import jab.harness.warnings.Warning;

/**
 * summary.md in the seed's README layout: the answers, an OS heading, a hardware heading, and per JDK a
 * code block with Test Date, VM version, VM options and JMH's table (a question's variants scored over
 * its interleaved forks, {@link RunResults#scores}: the solo forks are in jmh-&lt;jdk&gt;.json and its
 * log); then the native baselines and other timings, each family's section, and the run's notes. Built from the run directory alone, so
 * {@code jab summary} rebuilds the file byte for byte.
 */
public final class Summary {
    private Summary() {
    }

    public static String markdown(RunResults run, FamilySet families) {
        ObjectNode env = run.env().filter(e -> e instanceof ObjectNode).map(e -> (ObjectNode) e).orElse(null);
        String command = run.record().request().command();
        String title = command.isEmpty() ? "jab run" : command;
        Page page = new MarkdownPage();
        BuildVerdicts.section(page, run, 1);
        answers(page, run, 1);
        if (env != null) {
            Report.machineHeadings(page, env, 3);
        }
        for (String jdk : run.jdkIds()) {
            List<BenchResult> rs = run.scores(jdk);
            if (!rs.isEmpty()) {
                page.paragraph("JDK " + jdk + ":");
                page.pre(vmHead(env, rs.get(0)) + "\n" + ResultTable.format(rs));
            }
        }
        Report.outsideJmh(page, Report.NATIVE, run.baselines());
        Report.outsideJmh(page, Report.TIMINGS, run.timings());
        for (Family f : families.of(run)) {
            f.section(run, page, 1);
        }
        Report.warnings(page, warnings(run), 1);
        List<String> notes = run.notes();
        if (!notes.isEmpty()) {
            page.heading(1, "Notes");
            page.bullets(notes);
        }
        return page.render(title);
    }

    /** Each question's answer, first: what the run was for; JMH's tables below are the evidence. */
    static void answers(Page page, RunResults run, int level) {
        List<Answers.Answer> answers = Answers.of(run);
        if (answers.isEmpty()) {
            return;
        }
        page.heading(level, "Answers");
        page.paragraph("Each question's variants ran interleaved in every fork: one JMH iteration each, round after round in "
                + "orders balanced for carry-over, so they shared the machine's every moment. A ratio is the mean over forks of "
                + "each fork's mean log-ratio over rounds; [low-high] is its 95% interval over forks (its kind and "
                + "error rate are named below the answers). Verdicts: faster or slower when "
                + "the whole interval is beyond ±" + Answers.bandPercent(run) + ", the same when it is within, undecided otherwise. "
                + "Solo: each variant's own JMH forks, in rounds of one fork per variant back to back, a cross-check that sharing "
                + "a JVM did not change what was measured, never a second answer.");
        for (Answers.Answer a : answers) {
            List<String> items = new ArrayList<>(a.lines());
            if (!a.solo().isEmpty()) {
                items.add("solo: " + a.solo());
            }
            page.paragraph(a.title() + ":");
            page.bullets(items);
        }
        List<String> jdks = Answers.acrossJdks(run);
        if (!jdks.isEmpty()) {
            page.paragraph("Across JDKs (a fork runs one JDK, so these vary over forks measured apart):");
            page.bullets(jdks);
        }
        String tally = Answers.tally(run);
        if (!tally.isEmpty()) {
            page.paragraph(tally + ".");
            String howToRead = Answers.howToRead(run);
            if (!howToRead.isEmpty()) {
                page.paragraph(howToRead + ".");
            }
        }
    }

    /** Every warning of a run: its JDKs' results, its native baselines and timings, its machine. */
    public static List<Warning> warnings(RunResults run) {
        Map<String, List<BenchResult>> byJdk = new LinkedHashMap<>();
        run.jdkIds().forEach(j -> byJdk.put(j, run.jmh(j)));
        byJdk.put("", run.baselines());
        List<Warning> out = new ArrayList<>(RunWarnings.of(byJdk, run.timings(), run.env().orElse(null), run.record(), soloForks(run)));
        out.addAll(Answers.warnings(run));
        out.addAll(InterleavedChecks.of(run));
        return out;
    }

    /**
     * The results that are a question's solo forks (one per variant and solo round, checking its interleaved ratio):
     * no precision goal applies to them, the question's ratio carries it.
     */
    static java.util.function.BiPredicate<String, BenchResult> soloForks(RunResults run) {
        List<List<Object>> solo = run.document(Comparisons.NAME, Comparisons.class).map(c -> c.questions().stream()
                .filter(q -> q.notInterleaved().isEmpty())
                .flatMap(q -> q.details().stream().map(v -> List.<Object>of(q.jdk(), v.benchmark(), v.params()))).toList())
                .orElse(List.of());
        return (jdk, r) -> solo.contains(List.of(jdk, r.benchmark(), r.params()));
    }

    /** The seed's comment block for one JDK's results; just the VM version without a fingerprint. */
    static String vmHead(ObjectNode env, BenchResult first) {
        return env != null ? Fingerprint.vmBlock(env, vmVersion(first), userJvmArgs(first))
                : "# VM version: " + vmVersion(first) + "\n";
    }

    /** The forks' JVM options as the user gave them; jab's own -Djab.* plumbing left out. */
    public static String userJvmArgs(BenchResult r) {
        return r.jvmArgs().stream().filter(a -> !a.startsWith("-Djab.")).collect(Collectors.joining(" "));
    }

    /**
     * The seed's "JDK 21.0.7, OpenJDK 64-Bit Server VM, 21.0.7+6-LTS"; a part no fork reported (a JDK
     * whose every figure came from interleaved forks has no VM name) left out.
     */
    public static String vmVersion(BenchResult r) {
        return "JDK " + java.util.stream.Stream.of(r.jdkVersion(), r.vmName(), r.vmVersion()).filter(p -> !p.isEmpty())
                .collect(Collectors.joining(", "));
    }
}
