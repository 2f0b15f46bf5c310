package jab.harness.run;

import java.util.List;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.node.ObjectNode;

import jab.harness.env.Fingerprint;
import jab.harness.family.Family;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultTable;
import jab.harness.results.RunResults;

/**
 * summary.md in the seed's README layout: an OS heading, a hardware heading, and per JDK a code
 * block with Test Date, VM version, VM options and JMH's table; then the native baselines and each
 * family's own tables. Built only from the files of the run directory.
 */
public final class Summary {
    private Summary() {
    }

    public static String markdown(RunResults run, ObjectNode env, List<Family> families, RunContext ctx) {
        StringBuilder sb = new StringBuilder();
        sb.append("# ").append(env.path("run").path("command").asText("jab run")).append("\n\n");
        sb.append(Fingerprint.heading(env)).append('\n');
        for (String jdk : run.jdkIds()) {
            List<BenchResult> rs = run.jmh(jdk);
            if (rs.isEmpty()) {
                continue;
            }
            sb.append("JDK ").append(jdk).append(":\n\n```\n").append(Fingerprint.vmBlock(env, vmVersion(rs.get(0)),
                    userJvmArgs(rs.get(0)))).append('\n').append(ResultTable.format(rs)).append("```\n\n");
        }
        if (!run.nativeResults().isEmpty()) {
            String tools = run.nativeResults().stream().map(BenchResult::vmName).distinct().collect(Collectors.joining("; "));
            sb.append("Native baselines (").append(tools).append("):\n\n```\n")
                    .append(ResultTable.format(run.nativeResults())).append("```\n\n");
        }
        for (Family f : families) {
            sb.append(f.summary(run, ctx));
        }
        var notes = env.path("run").path("notes");
        if (notes.size() > 0) {
            sb.append("## Notes\n\n");
            notes.forEach(n -> sb.append("- ").append(n.asText()).append('\n'));
        }
        return sb.toString();
    }

    /** The forks' JVM options as the user gave them; jab's own -Djab.* plumbing left out. */
    public static String userJvmArgs(BenchResult r) {
        return r.jvmArgs().stream().filter(a -> !a.startsWith("-Djab.")).collect(Collectors.joining(" "));
    }

    /** The seed's "JDK 21.0.7, OpenJDK 64-Bit Server VM, 21.0.7+6-LTS". */
    public static String vmVersion(BenchResult r) {
        return "JDK " + r.jdkVersion() + ", " + r.vmName() + ", " + r.vmVersion();
    }
}
