package jab.harness.fs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;

import jab.bench.fs.ExistenceCheck;
import jab.harness.results.BenchResult;
import jab.harness.results.ResultTable;
import jab.harness.results.RunResults;

/** The fs part of summary.md: API x scenario per JDK, the native row, the JVM/native ratio, semantics. */
final class FsSummary {
    private static final String BENCH = "jab.bench.fs.FileExistsBenchmark.";

    private FsSummary() {
    }

    static String markdown(RunResults run, Path semanticsFile) throws IOException {
        StringBuilder sb = new StringBuilder("## fs: file-existence checks\n\n");
        sb.append("Average time per check (us/op, ± JMH's 99.9% error). `native stat` and `native access` are the same ")
                .append("paths checked from C in the same run (`FFM`: the same calls through the Foreign Function API, JDK 22+); the ratio is the JVM figure over native stat: the JVM tax.\n\n");
        for (String jdk : run.jdkIds()) {
            List<BenchResult> fs = RunResults.filter(run.jmh(jdk), r -> r.benchmark().startsWith(BENCH));
            if (fs.isEmpty()) {
                continue;
            }
            String files = fs.get(0).param("files");
            sb.append("### JDK ").append(jdk).append(" (").append(fs.get(0).jdkVersion()).append(", files=").append(files).append(")\n\n");
            sb.append("| API |");
            for (String s : FsNativeBaseline.SCENARIOS) {
                sb.append(' ').append(s).append(" |");
            }
            sb.append("\n|---|---:|---:|---:|---:|\n");
            for (ExistenceCheck api : ExistenceCheck.values()) {
                sb.append("| `").append(api.call()).append("` |");
                for (String s : FsNativeBaseline.SCENARIOS) {
                    sb.append(' ').append(find(fs, s, api.name(), files).map(FsSummary::cell).orElse("-")).append(" |");
                }
                sb.append('\n');
            }
            List<BenchResult> ffm = RunResults.filter(run.jmh(jdk), r -> r.benchmark().startsWith(FsFamily.FFM_BENCHMARK));
            for (String call : FsNativeBaseline.CALLS) {
                if (ffm.isEmpty()) {
                    break;
                }
                sb.append("| FFM ").append(call).append(" (JDK ").append(jdk).append(") |");
                for (String s : FsNativeBaseline.SCENARIOS) {
                    sb.append(' ').append(ffm.stream().filter(r -> r.method().equals(s) && call.equals(r.param("call"))
                            && (files == null || files.equals(r.param("files")))).findFirst().map(FsSummary::cell).orElse("-")).append(" |");
                }
                sb.append('\n');
            }
            for (String call : FsNativeBaseline.CALLS) {
                sb.append("| native ").append(call).append(" |");
                for (String s : FsNativeBaseline.SCENARIOS) {
                    sb.append(' ').append(nativeOf(run, call, s, files).map(FsSummary::cell).orElse("skipped")).append(" |");
                }
                sb.append('\n');
            }
            sb.append("\nJVM / native stat:\n\n| API |");
            for (String s : FsNativeBaseline.SCENARIOS) {
                sb.append(' ').append(s).append(" |");
            }
            sb.append("\n|---|---:|---:|---:|---:|\n");
            for (ExistenceCheck api : ExistenceCheck.values()) {
                sb.append("| `").append(api.call()).append("` |");
                for (String s : FsNativeBaseline.SCENARIOS) {
                    Optional<BenchResult> jvm = find(fs, s, api.name(), files);
                    Optional<BenchResult> nat = nativeOf(run, "stat", s, files);
                    sb.append(' ').append(jvm.isPresent() && nat.isPresent()
                            ? String.format(Locale.ROOT, "%.2fx", jvm.get().score() / nat.get().score()) : "-").append(" |");
                }
                sb.append('\n');
            }
            sb.append('\n');
        }
        sb.append(semantics(semanticsFile));
        return sb.toString();
    }

    private static String semantics(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return "";
        }
        Map<String, Object> root = new ObjectMapper().readValue(file.toFile(), new TypeReference<Map<String, Object>>() { });
        @SuppressWarnings("unchecked")
        Map<String, Map<String, Map<String, String>>> byJdk = (Map<String, Map<String, Map<String, String>>>) root.get("semantics");
        StringBuilder sb = new StringBuilder("### Semantics: what each API answers\n\n");
        Map<Map<String, Map<String, String>>, List<String>> groups = new LinkedHashMap<>();
        byJdk.forEach((jdk, answers) -> groups.computeIfAbsent(answers, k -> new ArrayList<>()).add(jdk));
        groups.forEach((answers, jdks) -> {
            sb.append(jdks.size() == byJdk.size() && jdks.size() > 1 ? "All JDKs of this run agree (" : "JDK ")
                    .append(String.join(", ", jdks)).append(jdks.size() == byJdk.size() && jdks.size() > 1 ? ")" : "")
                    .append(":\n\n").append(FsSemanticsRunner.markdown(answers)).append('\n');
        });
        return sb.toString();
    }

    private static Optional<BenchResult> find(List<BenchResult> fs, String scenario, String api, String files) {
        return fs.stream().filter(r -> r.method().equals(scenario) && api.equals(r.param("api"))
                && (files == null || files.equals(r.param("files")))).findFirst();
    }

    private static Optional<BenchResult> nativeOf(RunResults run, String call, String scenario, String files) {
        return run.nativeResults().stream().filter(r -> r.benchmark().equals("native.fs." + call + "." + scenario)
                && (files == null || files.equals(r.param("files")))).findFirst();
    }

    private static String cell(BenchResult r) {
        return ResultTable.number(r.score()) + (Double.isFinite(r.scoreError()) ? " ± " + ResultTable.number(r.scoreError()) : "");
    }
}
