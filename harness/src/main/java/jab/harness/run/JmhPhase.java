package jab.harness.run;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.HashSet;
import java.util.Set;

import org.openjdk.jmh.runner.BenchmarkListEntry;

import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.results.format.ResultFormatFactory;
import org.openjdk.jmh.results.format.ResultFormatType;

import jab.harness.env.CacheProbe;
import jab.harness.env.MachineLoad;
import jab.harness.family.Family;
import jab.harness.family.JmhSettings;
import jab.harness.family.Profile;
import jab.harness.family.RunContext;
import jab.harness.jdk.Jdk;
import jab.harness.results.RunStore;
import jab.harness.run.console.Progress;
import jab.harness.run.jmh.ForkOptions;
import jab.harness.run.jmh.JmhFamilyRun;
import jab.harness.run.jmh.JmhOverrides;
import jab.harness.run.jmh.Job;
import jab.harness.run.jmh.Profilers;
import jab.harness.run.lifecycle.RunGuard;
import jab.harness.run.options.Precision;
import jab.harness.run.question.AskedCase;
import jab.harness.run.question.CalibrationCases;
import jab.harness.run.question.QuestionCase;
import jab.harness.run.question.QuestionForks;
import jab.harness.run.question.QuestionHost;

/**
 * The JMH part of a run. First every result is measured with its family's forks, JDK after JDK, each
 * written to the run directory as soon as it is measured (an interruption keeps it), then every
 * question's first interleaved forks, then the run's other measurements ({@link Interlude}: servers end
 * to end, traces), which take the time they take. Then the questions' solo rounds ({@link SoloRoundsRun}:
 * a question's rounds where the budget holds them), forks for the questions' undecided
 * comparisons ({@link QuestionForks#refine}) while the budget lasts, and last, when the run has a
 * precision goal for results, {@link Refinement} adds forks to the results whose fork-level interval
 * is still too wide, the widest first, across all JDKs, with the time the budget has left: so the
 * budget caps the whole run, not only its JMH part. How busy the machine was is sampled for each part,
 * and the shared cache's speed ({@link CacheProbe}) before each JMH run.
 */
public final class JmhPhase implements QuestionHost {
    /**
     * What the phase needs from the run: its jobs per JDK, contexts, fork options, where to write;
     * {@code aaComparisons} above 0 makes it a calibration ({@link CalibrationCases}): questions with
     * planted effects, that many pairs of a true ratio of 1 at least per JDK, and nothing else measured.
     */
    public record Setup(Map<Jdk, List<Job>> jobs, Map<Family, RunContext> contexts,
                        List<String> forkArgs, Path workDir, Precision precision, long startNanos,
                        JmhOverrides overrides, Profilers profilers, List<BenchmarkListEntry> catalog, int aaComparisons) {
        /** What every fork of the run gets, whatever its family. */
        public ForkOptions forkOptions() {
            return new ForkOptions(forkArgs, overrides, profilers);
        }
    }

    /** Where notes go: the store and the console, as the run command says them. */
    public interface Notes {
        void note(String note) throws IOException;
    }

    /** One result as it grows: its job, JDK, JMH's RunResult so far and its time per fork. */
    static final class Slot {
        final Jdk jdk;
        final Job job;
        RunResult result;
        double secondsPerFork;
        boolean givenUp;
        /** A variant of an interleaved question: its solo rounds' forks check the interleaved ratio, and it gets no more. */
        boolean solo;

        Slot(Jdk jdk, Job job, RunResult result, double secondsPerFork) {
            this.jdk = jdk;
            this.job = job;
            this.result = result;
            this.secondsPerFork = secondsPerFork;
        }
    }

    private final Setup setup;
    private final RunStore store;
    private final Notes notes;
    private final PrintStream console;
    private final Map<Jdk, List<Slot>> slots = new LinkedHashMap<>();
    private final Map<Jdk, PrintStream> logs = new LinkedHashMap<>();
    private final Map<Jdk, List<Job>> jobs = new LinkedHashMap<>();
    private final Set<Job> solo = new HashSet<>();
    private final QuestionForks questions;
    private final SoloRoundsRun soloRounds;
    /** Jobs of a head build that its base lacks, for the run's notes. */
    private final Set<String> notMeasured = new java.util.LinkedHashSet<>();
    private CacheProbe cacheProbe;

    public JmhPhase(Setup setup, RunStore store, Notes notes, PrintStream console) {
        this.setup = setup;
        this.store = store;
        this.notes = notes;
        this.console = console;
        this.questions = new QuestionForks(this, store, setup.precision());
        this.soloRounds = new SoloRoundsRun(this, store);
        setup.jobs().forEach((jdk, js) -> {
            List<QuestionCase> cases = new ArrayList<>();
            List<Job> all = new ArrayList<>();
            for (Family f : js.stream().map(Job::family).distinct().toList()) {
                List<Job> own = js.stream().filter(j -> j.family() == f).toList();
                if (f.baseline().isPresent()) {
                    // base against head is all such a run asks: the two builds' forks give each its score
                    List<QuestionCase> builds = QuestionCase.ofBuilds(f.baseline().get(), own);
                    cases.addAll(builds);
                    own.stream().filter(j -> builds.stream().noneMatch(c -> c.variants().stream().anyMatch(
                            v -> v.job().benchmark().equals(j.benchmark()) && v.job().params().equals(j.params()))))
                            .forEach(j -> notMeasured.add(j.label() + ": the base declares no such combination of params; "
                                    + "listed, not measured"));
                } else {
                    cases.addAll(QuestionCase.of(f, own, setup.catalog(), jdk));
                    all.addAll(own);
                }
            }
            if (setup.aaComparisons() > 0) {
                questions.add(jdk, CalibrationCases.of(cases, setup.catalog(), setup.aaComparisons()));
                jobs.put(jdk, List.of());
                return;
            }
            questions.add(jdk, cases);
            for (AskedCase a : questions.asked()) {
                if (a.jdk == jdk && a.interleaved() && !a.c.comparesBuilds()) {
                    // its variants' forks, the in-process floor's too (which the user need not have selected), are its solo rounds
                    soloRounds.add(jdk, a);
                    a.c.variants().forEach(v -> solo.add(v.job()));
                }
            }
            all.removeAll(soloRounds.jobs(jdk));
            for (AskedCase a : questions.asked()) {
                if (a.jdk == jdk && a.inPairs() && !a.c.comparesBuilds()) {
                    // their replicates are the variants' forks: each variant's result is made of them
                    a.c.variants().forEach(v -> all.remove(v.job()));
                }
            }
            jobs.put(jdk, all);
        });
    }

    /** What the run measures between the first pass and the added forks; false when part of it failed. */
    public interface Interlude {
        boolean run() throws IOException;
    }

    /** Runs it all; false when a result could not be measured (the notes say which). */
    public boolean run(Interlude beforeRefinement) throws IOException {
        int total = jobs.values().stream().flatMap(List::stream).mapToInt(this::forks).sum() + soloRounds.forkCount()
                + questions.firstForkCount();
        Progress progress = new Progress(console, total);
        boolean ok = true;
        for (String n : notMeasured) {
            notes.note(n);
        }
        for (Map.Entry<Jdk, List<Job>> e : jobs.entrySet()) {
            // every JDK with work has its JMH file, empty until a result comes: a JDK whose JMH work was
            // all interleaved forks, its solo rounds given no time, is still a JDK of the run directory;
            // a JDK with none (a family that needs a later one) is not
            if (!e.getValue().isEmpty() || questions.asked().stream().anyMatch(a -> a.jdk == e.getKey())) {
                writeJmh(e.getKey());
            }
        }
        try {
            for (Map.Entry<Jdk, List<Job>> e : jobs.entrySet()) {
                Optional<MachineLoad.Snapshot> before = MachineLoad.snapshot();
                ok &= firstPass(e.getKey(), e.getValue(), progress);
                recordLoad("JDK " + e.getKey().id(), before);
                if (RunGuard.stopping()) {
                    return false;
                }
            }
            Optional<MachineLoad.Snapshot> beforeQuestions = MachineLoad.snapshot();
            ok &= questions.firstForks(progress);
            recordLoad("interleaved questions", beforeQuestions);
            progress.close();
            if (RunGuard.stopping()) {
                return false; // a signal stopped the first pass: start no measurement (traces, servers) after it
            }
            // The measurements outside JMH (servers end to end, traces) take the time they take: run
            // before the solo rounds and the added forks, which then get what the budget has left, so
            // the budget holds (run after the added forks, they overran it by minutes: kv end to end
            // took 7; with the solo rounds before them, a build's first run, which traces, on a slow
            // hour took 945 s of a budget of 880: 96 s of traces, 221 s of solo rounds, 470 s of first
            // forks, 151 s outside JMH, 2026-11-30).
            Optional<MachineLoad.Snapshot> beforeOutside = MachineLoad.snapshot();
            ok &= beforeRefinement.run();
            recordLoad("outside JMH", beforeOutside);
            if (RunGuard.stopping()) {
                return false;
            }
            Optional<MachineLoad.Snapshot> beforeSolo = MachineLoad.snapshot();
            ok &= soloRounds.run(progress);
            recordLoad("solo rounds", beforeSolo);
            progress.close();
            if (RunGuard.stopping()) {
                return false;
            }
            if (setup.precision().ratioTarget() > 0) {
                Optional<MachineLoad.Snapshot> before = MachineLoad.snapshot();
                questions.refine(console);
                recordLoad("adding interleaved forks", before);
            }
            if (setup.precision().active() && !RunGuard.stopping()) {
                Optional<MachineLoad.Snapshot> before = MachineLoad.snapshot();
                new Refinement(this, setup.precision()).run();
                recordLoad("adding forks", before);
            }
        } finally {
            progress.close();
            for (Map.Entry<Jdk, PrintStream> l : logs.entrySet()) {
                l.getValue().close();
                store.adoptLog(l.getKey().id(), logPath(l.getKey()));
            }
        }
        return ok;
    }

    /**
     * Every job's forks, interleaved: round k runs the k-th fork of every job, as Google Benchmark's
     * random interleaving does with repetitions, rather than each job's forks back to back. A machine
     * that drifts over minutes (a cloud host's shared cache, another tenant's memory traffic) then
     * moves the forks of one result apart instead of moving the whole result: the fork-level interval
     * covers the drift across the run, and a second run of the same command does not find a
     * "change" that was the minute a result happened to run in. Measured before this, two runs of
     * the process family four minutes apart differed by 13-46% on 5 of 18 JVM results whose three
     * back-to-back forks agreed within each run.
     */
    private boolean firstPass(Jdk jdk, List<Job> jobs, Progress progress) throws IOException {
        java.util.Set<Job> failed = new java.util.HashSet<>();
        int rounds = jobs.stream().mapToInt(this::forks).max().orElse(0);
        for (int round = 1; round <= rounds; round++) {
            for (Job job : jobs) {
                if (RunGuard.stopping()) {
                    return false;
                }
                if (round > forks(job) || failed.contains(job)) {
                    continue;
                }
                long t0 = System.nanoTime();
                Optional<RunResult> r = measure(jdk, job, 1, progress);
                if (r.isEmpty()) {
                    failed.add(job);
                    drop(jdk, job);
                    notes.note("JDK " + jdk.id() + " " + job.label() + ": no result; see " + RunStore.jmhLog(jdk.id()));
                    continue;
                }
                keep(jdk, job, r.get(), (System.nanoTime() - t0) / 1e9);
            }
        }
        return failed.isEmpty();
    }

    /** Removes a job's result: a result is all its forks or none, and a JDK that crashed in one is no figure. */
    void drop(Jdk jdk, Job job) throws IOException {
        slots.getOrDefault(jdk, new ArrayList<>()).removeIf(s -> s.job.equals(job));
        writeJmh(jdk);
    }

    /** Adds a measured fork to its job's result (the result's first fork makes it), and rewrites JMH's JSON. */
    @Override
    public void keep(Jdk jdk, Job job, RunResult fork, double seconds) throws IOException {
        List<Slot> done = slots.computeIfAbsent(jdk, k -> new ArrayList<>());
        Optional<Slot> slot = done.stream().filter(s -> s.job.equals(job)).findFirst();
        if (slot.isEmpty()) {
            Slot s = new Slot(jdk, job, fork, seconds);
            s.solo = solo.contains(job);
            done.add(s);
        } else {
            slot.get().result = ForkMerge.merge(slot.get().result, fork);
            slot.get().secondsPerFork = Math.max(slot.get().secondsPerFork, seconds);
        }
        writeJmh(jdk);
    }

    /** The forks a job gets in the first pass: its family's profile, or --forks (a question's variants get solo rounds instead). */
    int forks(Job job) {
        return settings(job.family()).forks();
    }

    /** A family's JMH settings in this run: its profile's, with the user's -f, -wi, -w, -i, -r on top. */
    @Override
    public JmhSettings settings(Family family) {
        return setup.overrides().apply(family.settings(profileOf(family)));
    }

    @Override
    public Profile profileOf(Family family) {
        return context(family).profile();
    }

    @Override
    public RunContext context(Family family) {
        return setup.contexts().get(family);
    }

    @Override
    public ForkOptions forkOptions() {
        return setup.forkOptions();
    }

    @Override
    public void note(String note) throws IOException {
        notes.note(note);
    }

    /** One JMH run of a job; empty when it failed (or threw: the log and a note say so). */
    @Override
    public Optional<RunResult> measure(Jdk jdk, Job job, int forks, Progress progress) throws IOException {
        JmhFamilyRun.Output out = new JmhFamilyRun.Output(progress, log(jdk), "JDK " + jdk.id());
        sampleCache();
        try {
            return JmhFamilyRun.measure(job, forks, jdk, setup.forkOptions(), setup.contexts().get(job.family()), out);
        } catch (Exception ex) {
            notes.note("JDK " + jdk.id() + " " + job.label() + " failed: " + ex.getMessage());
            return Optional.empty();
        }
    }

    /** Between JMH runs, while no fork runs: run beside a fork, the probe and the benchmark would each slow the other. */
    private void sampleCache() throws IOException {
        if (cacheProbe == null) {
            cacheProbe = new CacheProbe().warmedUp();
        }
        store.cacheProbe(CacheProbe.BYTES, cacheProbe.sample());
    }

    List<Slot> slots() {
        return slots.values().stream().flatMap(List::stream).toList();
    }

    PrintStream console() {
        return console;
    }

    /** JMH's JSON of one JDK's results so far, written by JMH's own formatter, replacing the last one. */
    void writeJmh(Jdk jdk) throws IOException {
        List<RunResult> rs = slots.getOrDefault(jdk, List.of()).stream().map(s -> s.result).toList();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream ps = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            ResultFormatFactory.getInstance(ResultFormatType.JSON, ps).writeOut(rs);
        }
        store.writeJmh(jdk.id(), bytes.toString(StandardCharsets.UTF_8));
    }

    @Override
    public PrintStream log(Jdk jdk) throws IOException {
        PrintStream l = logs.get(jdk);
        if (l == null) {
            l = new PrintStream(Files.newOutputStream(logPath(jdk)), true, StandardCharsets.UTF_8);
            logs.put(jdk, l);
        }
        return l;
    }

    private Path logPath(Jdk jdk) {
        return setup.workDir().resolve(RunStore.jmhLog(jdk.id()));
    }

    private void recordLoad(String part, Optional<MachineLoad.Snapshot> before) throws IOException {
        store.machineLoadSince(part, before);
    }

    /** Seconds since the run started. */
    double secondsElapsed() {
        return (System.nanoTime() - setup.startNanos()) / 1e9;
    }

    /** What the budget let the refinement do, for the "budget spent" warning (env.json run.refinement). */
    void recordRefinement(double startedAfterSeconds, int forksAdded, int shortOfTime, double moreSecondsWanted)
            throws IOException {
        store.refinement(startedAfterSeconds, forksAdded, shortOfTime, moreSecondsWanted);
    }

    /** Seconds left of the budget; infinite without one. */
    @Override
    public double secondsLeft() {
        Duration budget = setup.precision().budget();
        if (budget == null) {
            return Double.POSITIVE_INFINITY;
        }
        return budget.toMillis() / 1e3 - secondsElapsed();
    }
}
