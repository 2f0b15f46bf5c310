package jab.harness.history;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.compare.Cli;

/**
 * history.html opened in headless Chromium (Debian's chromium): every chart drawn (the page marks the
 * body with the count), the change point's commit on the page, the console silent, and a screenshot
 * kept in harness/target/history-test for a person to look at. Skipped only without chromium.
 */
class HistoryPageInChromiumTest {
    private static final Path ARTIFACTS = Path.of("target", "history-test");

    @TempDir
    Path tmp;

    @Test
    void chartsAreDrawnWithTheChangeMarked() throws Exception {
        String chromium = chromium().orElse(null);
        Assumptions.assumeTrue(chromium != null, "chromium not installed");
        List<Path> runs = HistoryRuns.series(tmp.resolve("runs"), 24, 12, 1.06, 21);
        String db = tmp.resolve("h.db").toString();
        List<String> args = new ArrayList<>(List.of("history", "add", "--db", db));
        runs.forEach(r -> args.add(r.toString()));
        assertThat(Cli.run(args.toArray(String[]::new)).code()).isZero();
        Path out = Files.createDirectories(ARTIFACTS.toAbsolutePath());
        Cli report = Cli.run("history", "report", "--db", db, "--out", out.toString());
        assertThat(report.code()).as(report.err()).isZero();
        Path page = out.resolve("history.html");
        String html = Files.readString(page);
        assertThat(html).doesNotContain("<script src=").doesNotContain("<link ");

        List<String> cmd = flags(chromium);
        cmd.addAll(List.of("--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", "--dump-dom", page.toUri().toString()));
        run(cmd, tmp.resolve("dom.html"), tmp.resolve("log.txt"));
        String dom = Files.readString(tmp.resolve("dom.html"));
        String log = Files.readString(tmp.resolve("log.txt"), StandardCharsets.ISO_8859_1);
        // two questions and the latest run's forest plot
        assertThat(dom).contains("data-charts-drawn=\"3\"");
        assertThat(dom.split("<canvas", -1).length - 1).isEqualTo(3);
        assertThat(dom).contains(HistoryRuns.commit(12).substring(0, 12));
        assertThat(log.lines().filter(l -> l.contains(":CONSOLE") || l.contains("Uncaught")).toList()).isEmpty();

        List<String> shot = flags(chromium);
        shot.addAll(List.of("--virtual-time-budget=5000", "--window-size=1280,1600", "--screenshot=" + out.resolve("history.png"),
                page.toUri().toString()));
        run(shot, tmp.resolve("shot.out"), tmp.resolve("shot.err"));
        assertThat(Files.size(out.resolve("history.png"))).isGreaterThan(10_000);
    }

    private List<String> flags(String chromium) throws java.io.IOException {
        return new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--no-first-run", "--disable-component-update", "--disable-sync", "--user-data-dir=" + Files.createTempDirectory(tmp, "chrome")));
    }

    private static void run(List<String> cmd, Path out, Path err) throws Exception {
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish in 120 s");
        }
    }

    private static Optional<String> chromium() {
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                if (Files.isExecutable(Path.of(dir, name))) {
                    return Optional.of(Path.of(dir, name).toString());
                }
            }
        }
        return Optional.empty();
    }
}
