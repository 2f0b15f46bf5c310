package jab.fork;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.Reader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Random;
import java.util.concurrent.ExecutorService;

import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.WorkloadParams;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The main class of an interleaved fork: the variants of one question share this JVM and take turns
 * in short slices, round after round in orders balanced for carry-over ({@link WilliamsOrders}), so
 * whatever the machine does at a given moment (another tenant, a frequency change, the shared cache)
 * falls on every variant alike and cancels in their ratio. Measured on a 2-vCPU cloud VM: slices of two variants 50 ms apart correlate
 * 0.8-0.9, forks run seconds apart 0.5 at best, so interleaved variants give a ratio several times
 * narrower than separate forks do in the same time.
 *
 * <p>The pitfall interleaving brings: the variants share the JDK's code, and the JIT compiles a JDK
 * method once for all its callers, with the profile all of them made (profile pollution). A variant
 * that runs alone may be compiled better (or worse) than beside the others. That is why jab also gives
 * every variant a solo fork (plain JMH) and warns when the two disagree. Each variant's own classes
 * are loaded apart ({@link VariantLoader}), so its benchmark code and libraries keep their own profiles.
 *
 * <p>Usage: {@code InterleavedFork SPEC OUT}. SPEC is a properties file: {@code slice} (a JMH time, e.g.
 * 100ms), {@code warmupRounds}, {@code rounds}, {@code seed}, {@code variants}, and per variant i
 * {@code variant.i.label}, {@code variant.i.classpath} (its benchmarks' class path: two builds of the
 * same benchmarks each have their own), {@code variant.i.entry} (its line of JMH's BenchmarkList) and
 * {@code variant.i.param.NAME}; optionally {@code measured}, the indices of the variants the measured
 * rounds run (comma-separated; all when absent). OUT gets, per round, a line
 * {@code W|R <round> <variant>:<score> ...} in the order the slices ran, then {@code unit <variant> <unit>}
 * lines and {@code end}; a failure goes to standard error and the exit status is 1.
 *
 * <p>A fork that measures only some variants still warms all of them, so the JIT compiles the code
 * they share with the profile every fork of the question gives it; the others end their trial (their
 * tear-down runs) with the last warm-up round.
 */
public final class InterleavedFork {
    private InterleavedFork() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 2) {
            System.err.println("usage: InterleavedFork SPEC OUT");
            System.exit(2);
        }
        HostWatch.watchParent();
        Properties spec = new Properties();
        try (Reader r = Files.newBufferedReader(Paths.get(args[0]), StandardCharsets.UTF_8)) {
            spec.load(r);
        }
        int status = 0;
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(Paths.get(args[1]), StandardCharsets.UTF_8))) {
            run(spec, out);
        } catch (Exception e) {
            e.printStackTrace();
            status = 1;
        }
        System.exit(status); // a benchmark's non-daemon threads must not keep the fork alive
    }

    private static void run(Properties spec, PrintWriter out) throws Exception {
        TimeValue slice = TimeValue.fromString(spec.getProperty("slice"));
        int warmup = Integer.parseInt(spec.getProperty("warmupRounds"));
        int rounds = Integer.parseInt(spec.getProperty("rounds"));
        Random random = new Random(Long.parseLong(spec.getProperty("seed")));
        List<SliceDriver> drivers = new ArrayList<>();
        ExecutorService worker = SliceDriver.benchmarkThread();
        try {
            int n = Integer.parseInt(spec.getProperty("variants"));
            for (int i = 0; i < n; i++) {
                String p = "variant." + i + ".";
                BenchmarkListEntry e = new BenchmarkListEntry(spec.getProperty(p + "entry"));
                WorkloadParams params = new WorkloadParams();
                int order = 0;
                for (String key : new java.util.TreeSet<>(spec.stringPropertyNames())) {
                    if (key.startsWith(p + "param.")) {
                        params.put(key.substring((p + "param.").length()), spec.getProperty(key), order++);
                    }
                }
                String label = spec.getProperty(p + "label");
                VariantLoader loader = new VariantLoader(label, classpath(spec.getProperty(p + "classpath")),
                        InterleavedFork.class.getClassLoader());
                drivers.add(new SliceDriver(label, e, params, loader, slice, worker));
            }
            String[] units = new String[n];
            List<Integer> all = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                all.add(i);
            }
            List<Integer> measured = measured(spec.getProperty("measured"), n);
            // the measured rounds start designs of their own, so they are balanced whatever the warm-up's length
            WilliamsOrders warmupOrders = new WilliamsOrders(all, random);
            WilliamsOrders measuredOrders = new WilliamsOrders(measured, random);
            for (int round = 0; round < warmup + rounds; round++) {
                boolean warming = round < warmup;
                List<Integer> order = (warming ? warmupOrders : measuredOrders).next();
                StringBuilder line = new StringBuilder(warming ? "W " : "R ").append(warming ? round : round - warmup);
                for (int i : order) {
                    SliceDriver.Score s = drivers.get(i).slice(lastSlice(round, warmup, rounds, measured.contains(i)));
                    units[i] = s.unit;
                    line.append(' ').append(i).append(':').append(String.format(Locale.ROOT, "%.9g", s.value));
                }
                out.println(line);
                out.flush();
            }
            for (int i = 0; i < n; i++) {
                if (units[i] != null) {
                    out.println("unit " + i + " " + units[i]);
                }
            }
            out.println("end");
        } finally {
            worker.shutdownNow();
        }
    }

    /** Whether a variant's slice in {@code round} is its last, which ends its trial: the fork's, or the warm-up's when it is not measured. */
    static boolean lastSlice(int round, int warmup, int rounds, boolean measured) {
        return measured ? round == warmup + rounds - 1 : round == warmup - 1;
    }

    /** The variants the measured rounds run: the spec's {@code measured} indices, or all {@code n}. */
    static List<Integer> measured(String indices, int n) {
        List<Integer> out = new ArrayList<>();
        if (indices == null || indices.isBlank()) {
            for (int i = 0; i < n; i++) {
                out.add(i);
            }
            return out;
        }
        for (String i : indices.split(",")) {
            int v = Integer.parseInt(i.trim());
            if (v < 0 || v >= n) {
                throw new IllegalArgumentException("measured: no variant " + v + " of " + n);
            }
            if (!out.contains(v)) {
                out.add(v);
            }
        }
        return out;
    }

    private static URL[] classpath(String cp) throws IOException {
        List<URL> urls = new ArrayList<>();
        for (String entry : cp.split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                urls.add(Path.of(entry).toUri().toURL());
            }
        }
        return urls.toArray(new URL[0]);
    }
}
