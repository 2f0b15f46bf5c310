package jab.harness.run.question;

import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

import org.openjdk.jmh.runner.CompilerHints;
import org.openjdk.jmh.runner.options.Options;

import jab.fork.InterleavedFork;
import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;
import jab.harness.exec.SubprocessTimeoutException;
import jab.harness.family.RunContext;
import jab.harness.jdk.Jdk;
import jab.harness.results.Comparisons;
import jab.harness.run.jmh.ForkOptions;
import jab.harness.run.jmh.JmhClasspath;
import jab.harness.run.jmh.JmhFamilyRun;
import jab.harness.run.jmh.Job;

/**
 * One interleaved fork of a {@link QuestionCase} on a JDK ({@link InterleavedFork} in a JVM of its
 * own): the same JVM options as the variants' JMH forks (their family's, the pinned heap, JMH's own
 * compiler hints and Blackhole mode), JMH's runtime and jab's fork helpers on the class path, and each
 * variant's class path (its family's: two builds of a user's benchmarks differ there) handed to the
 * fork, which loads each variant's classes apart.
 */
final class InterleavedForkRun {
    private static final String MAIN = InterleavedFork.class.getName();
    private final QuestionCase c;
    private final Jdk jdk;
    private final ForkOptions forkOptions;
    private final RunContext ctx;
    private final SliceSchedule schedule;

    InterleavedForkRun(QuestionCase c, Jdk jdk, ForkOptions forkOptions, RunContext ctx, SliceSchedule schedule) {
        this.c = c;
        this.jdk = jdk;
        this.forkOptions = forkOptions;
        this.ctx = ctx;
        this.schedule = schedule;
    }

    /** Why this case's variants cannot share a fork on this run's options (different JVM options or JDKs), or empty. */
    String whyApart() {
        if (forkOptions.overrides().threads() != null && forkOptions.overrides().threads() != 1) {
            return "-t " + forkOptions.overrides().threads() + ": an interleaved fork drives one benchmark thread";
        }
        List<String> first = jvmArgs(c.variants().get(0).job());
        Jdk firstJdk = c.variants().get(0).job().family().forkJdk(jdk);
        for (QuestionCase.Variant v : c.variants()) {
            Jdk own = v.job().family().forkJdk(jdk);
            if (!own.equals(firstJdk)) {
                return v.label() + "'s forks run JDK " + own.id() + ", " + c.variants().get(0).label() + "'s JDK " + firstJdk.id()
                        + " (a JVM is one JDK)";
            }
            if (!jvmArgs(v.job()).equals(first)) {
                return v.label() + "'s forks need other JVM options than " + c.reference() + "'s (" + jvmArgs(v.job()) + ")";
            }
        }
        return "";
    }

    /**
     * Runs the fork, all variants warmed and those labelled {@code measured} measured; the rounds it
     * measured, or empty when it failed (its output goes to {@code log}).
     */
    Optional<Measured> run(long seed, List<String> measured, PrintStream log) throws IOException, InterruptedException {
        Path dir = Files.createDirectories(ctx.workDir().resolve("interleaved"));
        Path spec = Files.createTempFile(dir, "spec", ".properties");
        Path out = Files.createTempFile(dir, "rounds", ".txt");
        try {
            writeSpec(spec, seed, measured);
            List<String> cmd = new ArrayList<>();
            cmd.add(jdk.java().toString());
            cmd.addAll(jvmArgs(c.variants().get(0).job()));
            CompilerHints.addCompilerHints(cmd);
            cmd.addAll(List.of("-cp", String.join(File.pathSeparator, JmhClasspath.jmhRuntime()), MAIN, spec.toString(), out.toString()));
            log.println(ForkLogHeader.of(c.title(), jdk.id(), cmd));
            Result r;
            try {
                r = Subprocess.of(cmd).mergeStderrIntoStdout().timeout(timeout()).named("interleaved fork").run();
            } catch (SubprocessTimeoutException e) {
                log.println("# timed out: " + e.getMessage());
                return Optional.empty();
            }
            log.print(r.stdout());
            if (!r.ok()) {
                log.println("# the interleaved fork failed with exit status " + r.exitCode());
                return Optional.empty();
            }
            return Optional.of(parse(Files.readAllLines(out, StandardCharsets.UTF_8), seed));
        } finally {
            Files.deleteIfExists(spec);
            Files.deleteIfExists(out);
        }
    }

    /** A fork's measured rounds and each variant's score unit. */
    record Measured(Comparisons.Fork fork, Map<String, String> units) {
    }

    private Measured parse(List<String> lines, long seed) throws IOException {
        List<Comparisons.Round> rounds = new ArrayList<>();
        Map<String, String> units = new HashMap<>();
        boolean ended = false;
        for (String line : lines) {
            String[] w = line.trim().split(" ");
            switch (w[0]) {
                case "R" -> {
                    List<String> order = new ArrayList<>();
                    List<Double> scores = new ArrayList<>();
                    for (int i = 2; i < w.length; i++) {
                        int colon = w[i].indexOf(':');
                        order.add(c.variants().get(Integer.parseInt(w[i].substring(0, colon))).label());
                        scores.add(Double.parseDouble(w[i].substring(colon + 1)));
                    }
                    rounds.add(new Comparisons.Round(order, scores));
                }
                case "unit" -> units.put(c.variants().get(Integer.parseInt(w[1])).label(), w.length > 2 ? w[2] : "");
                case "end" -> ended = true;
                default -> { } // warm-up rounds
            }
        }
        if (!ended) {
            throw new IOException("the interleaved fork of '" + c.title() + "' ended without its last line");
        }
        return new Measured(new Comparisons.Fork(seed, rounds), units);
    }

    private void writeSpec(Path spec, long seed, List<String> measured) throws IOException {
        Properties p = new Properties();
        List<String> indices = new ArrayList<>();
        p.setProperty("slice", schedule.slice().toString());
        p.setProperty("warmupRounds", Integer.toString(schedule.warmupRounds()));
        p.setProperty("rounds", Integer.toString(schedule.rounds()));
        p.setProperty("seed", Long.toString(seed));
        p.setProperty("variants", Integer.toString(c.variants().size()));
        for (int i = 0; i < c.variants().size(); i++) {
            QuestionCase.Variant v = c.variants().get(i);
            String k = "variant." + i + ".";
            p.setProperty(k + "label", v.label());
            if (measured.contains(v.label())) {
                indices.add(Integer.toString(i));
            }
            p.setProperty(k + "classpath", String.join(File.pathSeparator, benchmarkClasspath(v.job())));
            p.setProperty(k + "entry", v.job().entry().toLine());
            v.job().params().forEach((name, value) -> p.setProperty(k + "param." + name, value));
        }
        if (indices.size() < c.variants().size()) {
            p.setProperty("measured", String.join(",", indices));
        }
        StringWriter text = new StringWriter();
        p.store(text, "interleaved fork of " + c.title());
        Files.writeString(spec, text.toString(), StandardCharsets.UTF_8);
    }

    /** The fork's JVM options as JMH would give a fork of this job (prepend, args, append), without profilers. */
    private List<String> jvmArgs(Job job) {
        Options o = JmhFamilyRun.options(job, 1, jdk, forkOptions, ctx, false);
        List<String> out = new ArrayList<>();
        out.addAll(o.getJvmArgsPrepend().orElse(job.entry().getJvmArgsPrepend().orElse(List.of())));
        out.addAll(o.getJvmArgs().orElse(job.entry().getJvmArgs().orElse(List.of())));
        out.addAll(o.getJvmArgsAppend().orElse(job.entry().getJvmArgsAppend().orElse(List.of())));
        return out;
    }

    /** Where a variant's classes come from: its build's jar and libraries (a user's), or jab's own class path. */
    private static List<String> benchmarkClasspath(Job job) {
        return job.family().benchmarkSource().map(s -> s.forkClasspath())
                .orElseGet(() -> List.of(System.getProperty("java.class.path").split(File.pathSeparator)));
    }

    /** Three times what the rounds should take, and JMH's own ten minutes for slow operations. */
    private Duration timeout() {
        long slices = (long) (schedule.warmupRounds() + schedule.rounds()) * c.variants().size();
        return Duration.ofMinutes(10).plusMillis(3 * slices * schedule.slice().convertTo(java.util.concurrent.TimeUnit.MILLISECONDS));
    }
}
