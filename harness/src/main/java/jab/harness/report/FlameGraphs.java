package jab.harness.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import jab.harness.page.Page;
import jab.harness.run.jmh.Profilers;

/**
 * The flame graphs of a run made with {@code --prof async}: one HTML file per result under
 * flamegraphs/jdk-ID/BENCHMARK-MODE-PARAMS/ (JMH's async profiler names the folder), linked from the
 * report, relative to where the report is written so the links work wherever both are copied together.
 */
final class FlameGraphs {
    private FlameGraphs() {
    }

    static void section(Page page, Path runDir, Path reportDir, int level) {
        Path root = runDir.resolve(Profilers.FLAME_GRAPHS);
        if (!Files.isDirectory(root)) {
            return;
        }
        List<Path> graphs;
        try (Stream<Path> files = Files.walk(root)) {
            graphs = files.filter(f -> f.toString().endsWith(".html")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (graphs.isEmpty()) {
            return;
        }
        page.heading(level, "Flame graphs");
        page.paragraph("async-profiler's CPU flame graph of each result (jab run --prof async), per JDK: where the time of "
                + "one operation goes, wider is more.");
        Path from = reportDir.toAbsolutePath().normalize();
        page.links(graphs.stream().map(g -> new Page.Link(root.relativize(g.getParent()).toString(),
                href(from.relativize(g.toAbsolutePath().normalize())))).toList());
    }

    private static String href(Path relative) {
        try {
            return new URI(null, null, relative.toString().replace('\\', '/'), null).getRawPath();
        } catch (URISyntaxException e) {
            return relative.toString();
        }
    }
}
