package jab.harness.run.jmh;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.openjdk.jmh.profile.AsyncProfiler;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.profile.LinuxPerfNormProfiler;
import org.openjdk.jmh.profile.Profiler;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.Options;

import jab.harness.UsageException;
import jab.harness.exec.Subprocess;
import jab.harness.jdk.Jdk;

/**
 * The JMH profilers of {@code jab run --prof NAME[:OPTIONS]}, under JMH's own names: {@code gc}
 * (bytes and collections per operation), {@code async} (async-profiler: a flame graph per result) and
 * {@code perfnorm} (hardware counters per operation from perf). A profiler that cannot run on this
 * machine is left out with a note, never failing the run; an unknown name is bad input.
 */
public final class Profilers {
    /** Where async-profiler's flame graphs go, under the work dir and then in the run directory. */
    public static final String FLAME_GRAPHS = "flamegraphs";

    private static final Map<String, Class<? extends Profiler>> KNOWN = Map.of(
            "gc", GCProfiler.class, "async", AsyncProfiler.class, "perfnorm", LinuxPerfNormProfiler.class);
    private static final List<String> ORDER = List.of("gc", "async", "perfnorm");

    /** One profiler asked for: JMH's name and the user's options (JMH's init line, may be empty). */
    record Choice(String name, String options) {
    }

    private final List<Choice> chosen;
    private Path library;
    private Path workDir;

    private Profilers(List<Choice> chosen) {
        this.chosen = chosen;
    }

    public static final Profilers NONE = new Profilers(List.of());

    /** Parses the --prof values; an unknown name is refused with the known ones. */
    public static Profilers parse(List<String> specs) {
        List<Choice> out = new ArrayList<>();
        for (String s : specs) {
            int colon = s.indexOf(':');
            String name = (colon < 0 ? s : s.substring(0, colon)).trim();
            if (!KNOWN.containsKey(name)) {
                throw new UsageException("unknown profiler '" + name + "'; profilers: " + String.join(", ", ORDER));
            }
            out.add(new Choice(name, colon < 0 ? "" : s.substring(colon + 1)));
        }
        return new Profilers(out);
    }

    /**
     * Makes ready what the chosen profilers need here (async-profiler's library, perf's permission);
     * one that cannot run is dropped and the returned notes say why.
     */
    public List<String> prepare(Path work) throws IOException {
        this.workDir = work;
        List<String> notes = new ArrayList<>();
        for (Choice c : List.copyOf(chosen)) {
            StringBuilder why = new StringBuilder();
            if (c.name().equals("async")) {
                Optional<Path> lib = AsyncProfilerLibrary.extract(work.resolve("async-profiler"), why);
                lib.ifPresent(l -> library = l);
            } else if (c.name().equals("perfnorm")) {
                perfWorks(why);
            }
            if (!why.isEmpty()) {
                chosen.remove(c);
                notes.add("profiler " + c.name() + " skipped: " + why);
            }
        }
        return notes;
    }

    /** Whether any profiler is on: the run says which in env.json. */
    public List<String> names() {
        return chosen.stream().map(Choice::name).toList();
    }

    /**
     * Adds the chosen profilers to one JMH run on {@code jdk}, except those the family already added
     * (fs adds gc in every run: twice would measure and report it twice).
     */
    public void addTo(ChainedOptionsBuilder opts, Options already, Jdk jdk) {
        for (Choice c : chosen) {
            Class<? extends Profiler> klass = KNOWN.get(c.name());
            boolean added = already.getProfilers().stream().anyMatch(p -> p.getKlass().equals(klass.getName()));
            if (!added) {
                opts.addProfiler(klass, initLine(c, jdk));
            }
        }
    }

    /** The flame graphs of one JDK: JMH's async profiler writes one folder per result under it. */
    public Path flameGraphs(Path work, Jdk jdk) {
        return work.resolve(FLAME_GRAPHS).resolve("jdk-" + jdk.id());
    }

    private String initLine(Choice c, Jdk jdk) {
        if (!c.name().equals("async")) {
            return c.options();
        }
        // One forward flame graph per result; the user's own options (event=alloc, ...) after jab's.
        String line = "libPath=" + library + ";output=flamegraph;direction=forward;dir=" + flameGraphs(workDir, jdk);
        return c.options().isEmpty() ? line : line + ";" + c.options();
    }

    /** perf must be installed and allowed to count this user's events (perf_event_paranoid, containers). */
    private static void perfWorks(StringBuilder why) {
        try {
            var r = Subprocess.of("perf", "stat", "-e", "instructions", "true").mergeStderrIntoStdout()
                    .timeout(Duration.ofSeconds(20)).run();
            if (!r.ok() || r.output().contains("<not supported>") || r.output().contains("<not counted>")) {
                // the line that says why (perf's first line is only its heading)
                String reason = r.output().lines().map(String::strip)
                        .filter(l -> l.contains("<not supported>") || l.contains("<not counted>") || l.startsWith("Error"))
                        .findFirst().orElse("exit " + r.exitCode());
                why.append("perf cannot count instructions here (perf stat -e instructions: ").append(reason.replaceAll("\\s+", " "))
                        .append("; a VM without hardware counters, or perf_event_paranoid)");
            }
        } catch (IOException e) {
            why.append("perf is not installed (Debian: linux-perf)");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            why.append("interrupted while checking perf");
        }
    }
}
