package jab.harness.run;

import java.io.IOException;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;

import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.runner.options.TimeValue;

import jab.harness.family.JmhSettings;
import jab.harness.family.Profile;
import jab.harness.jdk.Jdk;
import jab.harness.results.Comparisons;
import jab.harness.results.RunStore;
import jab.harness.stats.PairedRatio;

/**
 * The interleaved forks of a run's questions: every case's first forks (round k runs the k-th fork of
 * every case, so a machine drifting over minutes moves a case's forks apart rather than the whole case),
 * then, with what the budget leaves, more forks for the case whose widest ratio interval is furthest
 * from the goal. comparisons.json is written after every fork, so an interruption keeps what ran.
 */
final class QuestionForks {
    /**
     * A slice: one JMH iteration of this length per variant and round. Measured on the project's 2-vCPU
     * VM (File.exists() against Files.exists(p), 2 variants, 60 rounds): the machine switched between
     * speeds about 1.4x apart every few seconds, and a round that straddles a switch is an outlier of
     * the round ratios; 50 ms gave a fork's ratio a standard error of 0.4-1.3%, 100 ms 1.1-1.8%, and
     * 10-20 ms no better (more slices, each with JMH's per-iteration overhead) and a ratio 2-4% higher.
     */
    static final TimeValue SLICE = TimeValue.milliseconds(50);

    /** One case on one JDK as it grows. */
    static final class Asked {
        final Jdk jdk;
        final QuestionCase c;
        final InterleavedForkRun.SliceSchedule schedule;
        final List<Comparisons.Fork> forks = new ArrayList<>();
        final Map<String, String> units = new LinkedHashMap<>();
        String whyApart;
        double secondsPerFork;
        boolean givenUp;

        Asked(Jdk jdk, QuestionCase c, InterleavedForkRun.SliceSchedule schedule, String whyApart) {
            this.jdk = jdk;
            this.c = c;
            this.schedule = schedule;
            this.whyApart = whyApart;
        }

        boolean interleaved() {
            return whyApart.isEmpty();
        }
    }

    private final JmhPhase phase;
    private final RunStore store;
    private final List<Asked> asked = new ArrayList<>();
    private final double band;

    QuestionForks(JmhPhase phase, RunStore store, double band) {
        this.phase = phase;
        this.store = store;
        this.band = band;
    }

    /** Adds a JDK's cases; the interleaved ones get forks, the others are recorded with the reason. */
    void add(Jdk jdk, List<QuestionCase> cases) {
        java.util.Set<jab.harness.family.Question> proven = new java.util.HashSet<>();
        for (QuestionCase c : cases) {
            JmhSettings s = phase.settings(c.family());
            Profile profile = phase.profileOf(c.family());
            InterleavedForkRun.SliceSchedule schedule = schedule(s, c.variants().get(0).job().entry().getMode(), profile);
            String why = c.interleaved() ? new InterleavedForkRun(c, jdk, phase.setup(), phase.context(c.family()), schedule).whyApart()
                    : c.whyApart();
            if (why.isEmpty() && profile == Profile.SMOKE && !proven.add(c.question())) {
                // smoke proves it runs: one case per question is interleaved (mmap's nine took 5 minutes more)
                why = "the smoke profile interleaves one case of each question";
            }
            asked.add(new Asked(jdk, c, schedule, why));
        }
    }

    /**
     * Each JMH iteration becomes a slice of {@link #SLICE} (a single-shot benchmark's slice is its shot):
     * the warm-up rounds give each variant at least its family's warm-up time and a second, the
     * measured rounds at least its measurement time and 60 rounds (a fork's ratio is a mean over them;
     * 10 and 4 when smoke only proves it runs).
     */
    static InterleavedForkRun.SliceSchedule schedule(JmhSettings s, Mode mode, Profile profile) {
        boolean smoke = profile == Profile.SMOKE;
        if (mode == Mode.SingleShotTime) {
            return new InterleavedForkRun.SliceSchedule(SLICE, s.warmupIterations(), Math.max(s.iterations(), smoke ? 3 : 10));
        }
        long slice = SLICE.convertTo(java.util.concurrent.TimeUnit.MILLISECONDS);
        long warm = s.warmupIterations() * s.warmupTime().convertTo(java.util.concurrent.TimeUnit.MILLISECONDS);
        long measure = s.iterations() * s.measurementTime().convertTo(java.util.concurrent.TimeUnit.MILLISECONDS);
        return new InterleavedForkRun.SliceSchedule(SLICE, (int) Math.max(smoke ? 4 : 20, (warm + slice - 1) / slice),
                (int) Math.max(smoke ? 10 : 60, (measure + slice - 1) / slice));
    }

    List<Asked> asked() {
        return asked;
    }

    /** Every interleaved case's first forks, as many as its family's profile (or -f) gives a result. */
    boolean firstForks(Progress progress) throws IOException {
        boolean ok = true;
        int rounds = asked.stream().filter(Asked::interleaved).mapToInt(a -> phase.settings(a.c.family()).forks()).max().orElse(0);
        for (int round = 1; round <= rounds; round++) {
            for (Asked a : asked) {
                if (RunGuard.stopping()) {
                    return false;
                }
                if (a.interleaved() && !a.givenUp && round <= phase.settings(a.c.family()).forks()) {
                    ok &= fork(a, progress);
                }
            }
        }
        write();
        return ok;
    }

    /** Forks in the first pass, for the progress line's total. */
    int firstForkCount() {
        return asked.stream().filter(Asked::interleaved).mapToInt(a -> phase.settings(a.c.family()).forks()).sum();
    }

    /**
     * Adds forks, one at a time, to the case whose widest ratio is furthest from the goal, while it is
     * short of the goal, under the fork limit and the budget has time for one more of its forks.
     */
    void refine(Precision precision, double target, PrintStream console) throws IOException {
        Progress progress = new Progress(console, (int) asked.stream().filter(a -> open(a, precision, target)).count());
        try {
            while (!RunGuard.stopping()) {
                Asked widest = null;
                double most = 0;
                for (Asked a : asked) {
                    double w = widest(a);
                    if (open(a, precision, target) && w > most) {
                        most = w;
                        widest = a;
                    }
                }
                if (widest == null) {
                    break;
                }
                if (widest.secondsPerFork > phase.secondsLeft()) {
                    widest.givenUp = true;
                    continue;
                }
                progress.label(String.format(Locale.ROOT, "adding a fork to '%s', now ±%.1f%% (goal ±%.1f%%)", widest.c.title(),
                        most * 100, target * 100));
                fork(widest, progress);
            }
        } finally {
            progress.close();
        }
        write();
    }

    private boolean open(Asked a, Precision precision, double target) {
        return a.interleaved() && !a.givenUp && a.forks.size() < precision.maxForks() && !(widest(a) <= target);
    }

    /** The widest relative half-width among a case's answers (each variant over the reference); infinite before two forks. */
    private double widest(Asked a) {
        Comparisons.Asked q = asked(a);
        double w = 0;
        for (String v : q.variants()) {
            if (!v.equals(q.reference())) {
                PairedRatio p = q.ratio(v, q.reference());
                w = Math.max(w, p.overForks() ? p.relativeHalfWidth() : Double.POSITIVE_INFINITY);
            }
        }
        return w;
    }

    private boolean fork(Asked a, Progress progress) throws IOException {
        progress.started("JDK " + a.jdk.id() + " interleaved: " + a.c.title() + " (" + a.c.variants().size() + " variants)");
        long t0 = System.nanoTime();
        Optional<InterleavedForkRun.Measured> m;
        try {
            m = new InterleavedForkRun(a.c, a.jdk, phase.setup(), phase.context(a.c.family()), a.schedule)
                    .run(ThreadLocalRandom.current().nextLong(), phase.log(a.jdk));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        progress.finished();
        if (m.isEmpty()) {
            a.givenUp = true;
            phase.note("JDK " + a.jdk.id() + " '" + a.c.title() + "': an interleaved fork failed; see " + RunStore.jmhLog(a.jdk.id()));
            return false;
        }
        a.secondsPerFork = Math.max(a.secondsPerFork, (System.nanoTime() - t0) / 1e9);
        a.forks.add(m.get().fork());
        a.units.putAll(m.get().units());
        write();
        return true;
    }

    /** comparisons.json as it stands. */
    void write() throws IOException {
        if (asked.isEmpty()) {
            return;
        }
        List<Comparisons.Asked> out = new ArrayList<>();
        for (Asked a : asked) {
            out.add(asked(a).withRatios(band));
        }
        store.writeDocument(Comparisons.NAME, new Comparisons(Comparisons.FORMAT_VERSION, out));
    }

    private Comparisons.Asked asked(Asked a) {
        List<Comparisons.Variant> details = new ArrayList<>();
        for (QuestionCase.Variant v : a.c.variants()) {
            details.add(new Comparisons.Variant(v.label(), v.name(), v.job().benchmark(), new java.util.TreeMap<>(v.job().params()),
                    a.units.getOrDefault(v.label(), "")));
        }
        String unit = a.units.values().stream().findFirst().orElse("");
        List<String> labels = a.c.variants().stream().map(QuestionCase.Variant::label).toList();
        return new Comparisons.Asked(a.c.title(), a.c.family().name(), a.jdk.id(), a.c.fixed(), labels, a.c.reference(), details,
                unit.startsWith("ops/"), a.whyApart,
                new Comparisons.Slices(a.schedule.slice().toString(), a.schedule.warmupRounds(), a.schedule.rounds()), a.forks, List.of());
    }
}
