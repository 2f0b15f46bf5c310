package jab.harness.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import jab.harness.compare.Cli;
import jab.harness.compare.Fixtures;

/**
 * report.html opened in headless Chromium (Debian's chromium; .ci/run installs it): every canvas
 * gets its chart drawn (the page marks the body with the count), the console stays silent, and a
 * screenshot is kept in harness/target/ for a person to look at. Skipped only without chromium.
 */
class ReportInChromiumTest {
    private static final Path ARTIFACTS = Path.of("target", "report-test");

    @TempDir
    Path tmp;

    @Test
    void chartsAreDrawnWithoutConsoleErrors() throws Exception {
        String chromium = chromium().orElse(null);
        Assumptions.assumeTrue(chromium != null, "chromium not installed");
        Path out = Files.createDirectories(ARTIFACTS.toAbsolutePath());
        Cli cli = Cli.run("merge", Fixtures.run("linux-run").toString(), Fixtures.run("macos-run").toString(), "--out", out.resolve("merged").toString());
        assertThat(cli.code()).as(cli.err()).isZero();
        Cli single = Cli.run("report", Fixtures.run("linux-run").toString(), "--out", out.toString());
        assertThat(single.code()).as(single.err()).isZero();

        for (Path page : List.of(out.resolve("report.html"), out.resolve("merged/report.html"))) {
            Rendered r = render(chromium, page);
            int canvases = count(Files.readString(page), "<canvas ");
            assertThat(canvases).isGreaterThan(0);
            assertThat(r.dom).contains("data-charts-drawn=\"" + canvases + "\"");
            assertThat(consoleLines(r.log)).as("console output of " + page).isEmpty();
        }
        Path shot = out.resolve("report-screenshot.png");
        screenshot(chromium, out.resolve("report.html"), shot);
        assertThat(Files.size(shot)).isGreaterThan(10_000);
    }

    /** The check above can fail: a page that throws is caught by the same console check. */
    @Test
    void aPageThatThrowsIsCaught() throws Exception {
        String chromium = chromium().orElse(null);
        Assumptions.assumeTrue(chromium != null, "chromium not installed");
        Path bad = Files.writeString(tmp.resolve("bad.html"), "<html><body><canvas></canvas><script>throw new Error('boom');</script></body></html>");
        Rendered r = render(chromium, bad);
        assertThat(r.dom).doesNotContain("data-charts-drawn");
        assertThat(consoleLines(r.log)).anyMatch(l -> l.contains("Uncaught Error: boom"));
    }

    record Rendered(String dom, String log) {
    }

    private Rendered render(String chromium, Path page) throws IOException, InterruptedException {
        List<String> cmd = flags(chromium);
        cmd.addAll(List.of("--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000", "--dump-dom", page.toUri().toString()));
        Path dom = tmp.resolve("dom-" + System.nanoTime() + ".html");
        Path log = tmp.resolve("log-" + System.nanoTime() + ".txt");
        run(cmd, dom, log);
        return new Rendered(Files.readString(dom), Files.readString(log, StandardCharsets.ISO_8859_1));
    }

    private void screenshot(String chromium, Path page, Path png) throws IOException, InterruptedException {
        List<String> cmd = flags(chromium);
        cmd.addAll(List.of("--virtual-time-budget=5000", "--window-size=1280,2400", "--screenshot=" + png, page.toUri().toString()));
        run(cmd, tmp.resolve("shot.out"), tmp.resolve("shot.err"));
    }

    private List<String> flags(String chromium) throws IOException {
        return new ArrayList<>(List.of(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + Files.createTempDirectory(tmp, "chrome")));
    }

    private static void run(List<String> cmd, Path out, Path err) throws IOException, InterruptedException {
        Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            p.descendants().forEach(ProcessHandle::destroyForcibly);
            throw new AssertionError("chromium did not finish in 120 s: " + cmd);
        }
    }

    /** Chromium logs every console message (log, error, uncaught exception) as a CONSOLE line. */
    static List<String> consoleLines(String log) {
        return log.lines().filter(l -> l.contains(":CONSOLE") || l.contains("Uncaught")).toList();
    }

    private static int count(String s, String what) {
        Matcher m = Pattern.compile(Pattern.quote(what)).matcher(s);
        int n = 0;
        while (m.find()) {
            n++;
        }
        return n;
    }

    static Optional<String> chromium() {
        for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
            for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
                Path p = Path.of(dir, name);
                if (Files.isExecutable(p)) {
                    return Optional.of(p.toString());
                }
            }
        }
        return Optional.empty();
    }
}
