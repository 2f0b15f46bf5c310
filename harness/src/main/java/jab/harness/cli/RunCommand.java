package jab.harness.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

import com.fasterxml.jackson.databind.node.ObjectNode;

import org.openjdk.jmh.runner.BenchmarkListEntry;

import jab.harness.trace.TraceCache;
import jab.harness.JabHome;
import jab.harness.env.Fingerprint;
import jab.harness.env.MachineLoad;
import jab.harness.family.Family;
import jab.harness.family.FamilySet;
import jab.harness.family.Measurement;
import jab.harness.family.Profile;
import jab.harness.family.RunContext;
import jab.harness.history.RunHistory;
import jab.harness.jdk.BenchmarkRelease;
import jab.harness.jdk.Jdk;
import jab.harness.jdk.JdkDiscovery;
import jab.harness.jdk.JdkSelector;
import jab.harness.page.ConsoleText;
import jab.harness.report.BuildVerdicts;
import jab.harness.report.Calibration;
import jab.harness.report.StatisticsDocument;
import jab.harness.report.Summary;
import jab.harness.report.TerminalAnswer;
import jab.harness.results.Comparisons;
import jab.harness.results.NativeResult;
import jab.harness.results.ResultTable;
import jab.harness.results.RunRecord;
import jab.harness.results.RunResults;
import jab.harness.results.RunStore;
import jab.harness.run.JmhPhase;
import jab.harness.run.jmh.BenchmarkCatalog;
import jab.harness.run.jmh.JmhFamilyRun;
import jab.harness.run.jmh.Job;
import jab.harness.run.jmh.Profilers;
import jab.harness.run.lifecycle.RunGuard;
import jab.harness.run.lifecycle.RunLock;
import jab.harness.run.lifecycle.WorkDir;
import jab.harness.run.options.InputChecks;
import jab.harness.run.jmh.JmhOverrides;
import jab.harness.run.options.ParamOverrides;
import jab.harness.run.options.Precision;
import jab.harness.stats.RatioVerdict;
import jab.harness.user.BaseBuild;
import jab.harness.user.UserBenchmarks;
import jab.harness.user.UserFamily;
import jab.harness.warnings.Warning;
import jab.harness.warnings.WarningDigest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

@Command(name = "run", mixinStandardHelpOptions = true, sortOptions = false,
        description = {
            "Runs benchmarks with JMH on one or more JDKs, measures the native baselines in the same run, and",
            "writes a run directory: env.json, jmh-<jdk>.json (JMH's JSON), native.json, summary.md.",
            "Prints at the end the answers, then per family a compact table per benchmark class (120 columns; JMH's",
            "full tables with --verbose), then the run directory on a line 'results: <dir>'."},
        footer = {"", "Examples:",
            "  ./jab run                                   every family, default profile, the JDK running jab",
            "  ./jab run fs --precision 2%% --budget 20m    narrower intervals, the whole run capped at 20 minutes",
            "  ./jab run fs --jdk all                      fs on every installed JDK (one per feature version)",
            "  ./jab run 'FileExists.*missing' -p api=FILE_EXISTS,FILES_EXISTS_NOFOLLOW --profile thorough",
            "  ./jab run fs --dir /dev/shm --jdk 17,25     files on tmpfs, JDK 17 and 25",
            "  ./jab run fs --jvm-args \"-Xmx2g -XX:+UseParallelGC\" --out /tmp/results",
            "  ./jab run --benchmarks target/benchmarks.jar --jdk all     your own JMH jar on every JDK",
            "  ./jab run 'FileExists.*missingFile' -p api=FILES_EXISTS_NOFOLLOW --prof gc --prof async   B/op and flame graphs"})
public class RunCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(arity = "0..*", paramLabel = "SELECTOR",
            description = "a family (fs, ...) or a JMH regex over benchmark names (e.g. FileExists.*); none: every family")
    List<String> selectors = new ArrayList<>();

    @Option(names = "--profile", paramLabel = "smoke|default|thorough", defaultValue = "default",
            description = "smoke: seconds, proves it runs; default: each family's first forks, then forks added where a question's "
                    + "verdict is undecided or its ratio wider than 2%%, up to 10, within the budget; thorough: longer "
                    + "iterations, up to 20 forks, results to 2%% and ratios to 1%%")
    String profile;

    @Option(names = "--precision", paramLabel = "PCT|off",
            description = "add forks until a result's fork-level 95%% interval is within PCT of its mean, and to a "
                    + "question's ratios (with a budget, as many as its clock holds, looked at once; without, until decided or "
                    + "within PCT) (default: the profile's: ratios to 2%% and results as first forked for default); off: keep "
                    + "the profile's forks")
    String precision;

    @Option(names = "--band", paramLabel = "PCT",
            description = "a question's equivalence band: two variants are the same when their ratio's whole 95%% interval "
                    + "lies within ±PCT, faster or slower when it lies beyond (default: 3%%)")
    String band;

    @Option(names = "--budget", paramLabel = "DURATION|none",
            description = "cap the whole run's time (15m, 90s, 1h): forks are added, widest interval first, only while time is "
                    + "left (default: the profile's, for default " + Profile.RUN_SECONDS + "s and " + Profile.DEFAULT_SECONDS_PER_PART
                    + "s per family and JDK); none: no cap")
    String budget;

    @Option(names = "--jdk", paramLabel = "SPEC[,SPEC...]|all",
            description = "feature version (17), JDK home path, or all; default: the JDK running jab. See ./jab jdks")
    String jdk;

    @Option(names = "-p", paramLabel = "NAME=V1,V2", description = "JMH param values, e.g. -p files=100,1000 (repeatable)")
    List<String> params = new ArrayList<>();

    @Option(names = {"--jvm-args", "-jvmArgs"}, paramLabel = "\"ARGS\"", description = "JVM options for the benchmark forks, e.g. \"-Xmx2g\"")
    String jvmArgs = "";

    @Option(names = "--benchmarks", paramLabel = "PATH",
            description = "your own JMH benchmarks instead of jab's: a JMH uber-jar, a jar of benchmark classes (libraries on "
                    + "--classpath) or a classes directory, with META-INF/BenchmarkList")
    Path benchmarks;

    @Option(names = "--classpath", paramLabel = "CP", description = "the libraries --benchmarks needs, separated by the path separator")
    String classpath;

    @Mixin
    BaselineOptions comparison = new BaselineOptions();

    @Option(names = "--prof", paramLabel = "NAME[:OPTIONS]",
            description = "a JMH profiler (repeatable): gc (bytes per op), async (a flame graph per result), perfnorm "
                    + "(perf counters per op); one that cannot run here is skipped with a note")
    List<String> prof = new ArrayList<>();

    @Option(names = "-f", paramLabel = "N", description = "JMH's forks: a result's first forks (the profile's otherwise; --precision may add more)")
    Integer forks;

    @Option(names = "-wi", paramLabel = "N", description = "JMH's warm-up iterations")
    Integer warmupIterations;

    @Option(names = "-w", paramLabel = "TIME", description = "JMH's warm-up iteration time, e.g. 1s, 200ms")
    String warmupTime;

    @Option(names = "-i", paramLabel = "N", description = "JMH's measurement iterations")
    Integer iterations;

    @Option(names = "-r", paramLabel = "TIME", description = "JMH's measurement iteration time, e.g. 1s, 200ms")
    String measurementTime;

    @Option(names = "-t", paramLabel = "N", description = "JMH's benchmark threads")
    Integer threads;

    @Option(names = "--dir", paramLabel = "DIR", description = "where benchmark files go (default: the temp dir); its filesystem is recorded")
    Path dir;

    @Option(names = "--out", paramLabel = "DIR", description = "where run directories go (default: results/ in the jab checkout)")
    Path out;

    @Option(names = "--retrace", description = "make the syscall traces again instead of taking them from the cache of earlier runs")
    boolean retrace;

    @Option(names = "--verbose", description = "show JMH's own output as well as the progress line, and JMH's full tables at the end")
    boolean verbose;

    @Mixin
    RunHistory history = new RunHistory();

    private final FamilySet families;
    private final PrintStream console = System.out;

    /** The families' own options (kv's --redis) are added to this command as picocli mixins by {@link CommandTree}. */
    public RunCommand(FamilySet families) {
        this.families = families;
    }

    /**
     * What preflight decided: the benchmarks per family, the context each family runs with, and the
     * places the run uses. Everything in it was checked before anything was written.
     */
    private record Plan(FamilySet families, JmhOverrides overrides, Profilers profilers, Profile profile, Precision precision,
                        Map<String, String[]> userParams, Map<Family, List<BenchmarkListEntry>> selection, Map<Family, RunContext> contexts,
                        List<Jdk> jdks, List<String> forkArgs, Path benchDir, Path outDir, Path workDir,
                        List<BenchmarkListEntry> catalog) {
    }

    /** The JMH-shaped results measured outside JMH so far; native.json and timings.json are rewritten whole. */
    private static final class OutsideJmh {
        final List<NativeResult> baselines = new ArrayList<>();
        final List<NativeResult> timings = new ArrayList<>();
    }

    @Override
    public Integer call() throws Exception {
        if (retrace) {
            System.setProperty(TraceCache.RETRACE_PROPERTY, "true");
        }
        long startNanos = System.nanoTime();
        Plan plan = preflight();
        // Wait for another run before anything is created: a Ctrl-C while waiting then leaves nothing.
        try (RunLock lock = RunLock.acquire(console)) {
            RunStore store = createStore(plan);
            boolean ok;
            boolean regressed = false;
            try (RunGuard guard = new RunGuard(plan.workDir(), store)) {
                announce(plan);
                for (Family f : plan.families().all()) {
                    for (String n : f.baseline().map(b -> b.inOneBuildOnly(selectors)).orElse(List.of())) {
                        note(store, n);
                    }
                }
                OutsideJmh outside = new OutsideJmh();
                boolean calibrating = aaComparisons() > 0; // A/A questions only: nothing measured outside them
                Optional<MachineLoad.Snapshot> before = MachineLoad.snapshot();
                ok = calibrating || measure(plan, store, outside, false);
                store.machineLoadSince("before JMH", before);
                for (String n : plan.profilers().prepare(plan.workDir())) {
                    note(store, n);
                }
                ok &= runJmh(plan, store, startNanos, () -> calibrating || measure(plan, store, outside, true));
                ok &= documentsAfterForks(plan, store);
                store.adoptFolder(Profilers.FLAME_GRAPHS, plan.workDir().resolve(Profilers.FLAME_GRAPHS));
                store.status(ok ? "complete" : "failed");
                RunResults results = RunResults.read(store.dir());
                store.writeDocument(StatisticsDocument.NAME, StatisticsDocument.of(results));
                store.writeSummary(Summary.markdown(results, plan.families()));
                if (calibrating) {
                    printCalibration(results, store, plan);
                } else {
                    printAnswer(results, store.dir(), plan.families());
                    printWarnings(results);
                    regressed = regressed(results);
                }
            }
            console.println();
            if (aaComparisons() == 0) {
                history.record(store.dir(), plan.outDir(), console);
            }
            console.println("results: " + store.dir());
            return ok && !regressed ? 0 : 1;
        }
    }

    /**
     * Every check of the input that can be made before anything runs or is written: selectors,
     * params (known, and accepted by their families), JDKs, the families' own options, --dir and
     * --out usable, and enough free space for what the families will write.
     */
    private Plan preflight() throws IOException {
        Profile p = Profile.parse(profile);
        double target = precision == null ? p.precision : Precision.parseTarget(precision);
        Duration cap = budget == null || Precision.noBudget(budget) ? null : Precision.parseBudget(budget);
        JmhOverrides overrides = JmhOverrides.of(forks, warmupIterations, warmupTime, iterations, measurementTime, threads);
        Profilers profilers = Profilers.parse(prof);
        UserBenchmarks user = benchmarks == null ? null : UserBenchmarks.open(benchmarks, classpath);
        Optional<BaseBuild> baseBuild = comparison.open(user);
        double regressionLimit = comparison.regressionLimit();
        UserFamily head = user == null ? null : baseBuild.map(b -> new UserFamily(user).comparedWith(b)).orElseGet(() -> new UserFamily(user));
        FamilySet runFamilies = user == null ? families : new FamilySet(List.of(head));
        BenchmarkCatalog catalog = user == null ? BenchmarkCatalog.load(families) : BenchmarkCatalog.of(user.entries(), runFamilies);
        if (user != null) {
            user.requireMatches(selectors);
        }
        Map<Family, List<BenchmarkListEntry>> selection = catalog.select(selectors);
        Map<String, String[]> userParams = ParamOverrides.parse(params);
        InputChecks.checkParams(selection, userParams);
        List<Jdk> jdks = user == null ? JdkSelector.select(jdk, new JdkDiscovery())
                : JdkSelector.select(jdk, new JdkDiscovery(), Math.max(BenchmarkRelease.minimumFeature(),
                        Math.max(user.feature(), baseBuild.map(BaseBuild::feature).orElse(0))), user.path().getFileName() + " is");
        int maxForks = overrides.forks() == null ? p.maxForks : Math.max(p.maxForks, overrides.forks());
        Duration profileBudget = aaComparisons() > 0 ? CalibrateCommand.BUDGET : p.budget(selection.size(), jdks.size());
        // a gate at 1% needs ratios narrow enough to tell 1% from 0: half of it, unless --precision says otherwise;
        // and its verdicts read against that 1%, unless --band says otherwise
        double ratioTarget = precision != null ? target : regressionLimit > 0 ? Math.min(p.ratioPrecision, regressionLimit / 2) : p.ratioPrecision;
        double verdictBand = band != null ? Precision.parseBand(band) : regressionLimit > 0 ? regressionLimit : RatioVerdict.DEFAULT_BAND;
        Precision goal = new Precision(aaComparisons() > 0 ? 0 : target, maxForks, budget == null ? profileBudget : cap, ratioTarget,
                verdictBand);
        families.all().forEach(Family::checkRunOptions);
        List<String> forkArgs = jvmArgs.isBlank() ? List.of() : Arrays.asList(jvmArgs.trim().split("\\s+"));
        Path benchDir = InputChecks.usableDir(dir != null ? dir : Paths.get(System.getProperty("java.io.tmpdir")), "--dir");
        Path outDir = InputChecks.outputDir(out != null ? out : JabHome.get().resolve("results"), "--out");

        Path workDir = WorkDir.under(benchDir);
        RunContext base = new RunContext(p, userParams, Map.of(), jdks, workDir, console, verbose).withAlone(selection.size() == 1);
        Map<Family, RunContext> contexts = new LinkedHashMap<>();
        Set<Family> whole = catalog.runWhole(selection, userParams.keySet());
        long bytes = 0;
        for (Map.Entry<Family, List<BenchmarkListEntry>> e : selection.entrySet()) {
            RunContext ctx = base.withParams(JmhFamilyRun.familyParams(e.getKey(), e.getValue(), p, userParams));
            if (whole.contains(e.getKey())) {
                ctx = ctx.measuring(e.getKey().settings(p).subset());
            } else {
                // a family run in part measures its floors and traces for the scenarios selected only
                Set<String> methods = new java.util.HashSet<>();
                e.getValue().forEach(b -> methods.add(b.getUsername().substring(b.getUsername().lastIndexOf('.') + 1)));
                ctx = ctx.measuringPart(v -> methods.contains(v.method()));
            }
            e.getKey().validate(ctx);
            long need = e.getKey().bytesNeeded(ctx);
            bytes = need < 0 || bytes + need < 0 ? -1 : bytes + need;
            contexts.put(e.getKey(), ctx);
        }
        // the base's forks run as a family of their own (its class path and JVM options) in the head's context
        baseBuild.ifPresent(b -> contexts.put(b.family(), contexts.get(head)));
        InputChecks.checkSpace(benchDir, bytes);
        return new Plan(runFamilies, overrides, profilers, p, goal, userParams, selection, contexts, jdks, forkArgs, benchDir, outDir, workDir,
                catalog.entries());
    }

    /** The run directory with env.json: the machine fingerprint and this run's command line, profile and params. */
    private RunStore createStore(Plan plan) throws IOException {
        ObjectNode env = Fingerprint.collect(plan.benchDir(), plan.jdks(), plan.forkArgs());
        Precision goal = plan.precision();
        Map<String, String> given = new LinkedHashMap<>();
        plan.userParams().forEach((k, v) -> given.put(k, String.join(",", v)));
        RunRecord.Request request = new RunRecord.Request(commandLine(), plan.profile().toString(), goal.target(), goal.maxForks(),
                goal.band(), goal.ratioTarget(), goal.budget() == null ? null : goal.budget().toSeconds(),
                plan.selection().keySet().stream().map(Family::name).toList(), given, plan.benchDir().toString(),
                comparison.builds(benchmarks), plan.profilers().names());
        RunStore store = RunStore.create(plan.outDir(), env.path("host").asText(), env, request);
        List<Path> leftBehind = WorkDir.removeLeftBehind(plan.benchDir());
        if (!leftBehind.isEmpty()) {
            note(store, "removed " + leftBehind.size() + " work folder(s) under " + plan.benchDir() + " left by jab runs that were killed "
                    + "(SIGKILL): " + leftBehind.stream().map(d -> d.getFileName().toString()).collect(java.util.stream.Collectors.joining(", ")));
        }
        Files.createDirectories(plan.workDir());
        return store;
    }

    private void announce(Plan plan) {
        console.print(ConsoleText.wrap("jab " + spec.name() + ": ", String.join(", ", plan.selection().keySet().stream().map(Family::name).toList())
                + " on JDK " + String.join(", ", plan.jdks().stream().map(Jdk::version).toList()) + ", " + plan.profile() + " profile"));
    }

    /**
     * The families' measurements outside JMH, before or after it. A family that fails is noted and
     * the run goes on (marked failed): the other families' figures are still worth keeping.
     */
    private boolean measure(Plan plan, RunStore store, OutsideJmh outside, boolean afterJmh) throws IOException {
        boolean ok = true;
        for (Map.Entry<Family, RunContext> e : plan.contexts().entrySet()) {
            Family f = e.getKey();
            Measurement m;
            Optional<MachineLoad.Snapshot> before = MachineLoad.snapshot();
            try {
                m = afterJmh ? f.measureAfterJmh(e.getValue()) : f.measureBeforeJmh(e.getValue());
            } catch (Exception ex) {
                ok = false;
                note(store, f.name() + " " + (afterJmh ? "measurement after JMH" : "native baseline") + " failed: " + ex.getMessage());
                continue;
            } finally {
                // each family's share of the parts outside JMH, so a budget that overran says where
                store.machineLoadSince(f.name() + (afterJmh ? " outside JMH" : " before JMH"), before);
            }
            outside.baselines.addAll(m.baselines());
            outside.timings.addAll(m.timings());
            for (Map.Entry<String, Object> d : m.documents().entrySet()) {
                store.writeDocument(d.getKey(), d.getValue());
            }
            for (String n : m.notes()) {
                note(store, n);
            }
        }
        store.writeBaselines(outside.baselines);
        store.writeTimings(outside.timings);
        return ok;
    }

    /** The families' documents of what all the run's forks left in the work dir ({@link Family#documentsAfterForks}). */
    private boolean documentsAfterForks(Plan plan, RunStore store) throws IOException {
        boolean ok = true;
        for (Map.Entry<Family, RunContext> e : plan.contexts().entrySet()) {
            try {
                for (Map.Entry<String, Object> d : e.getKey().documentsAfterForks(e.getValue()).entrySet()) {
                    store.writeDocument(d.getKey(), d.getValue());
                }
            } catch (Exception ex) {
                ok = false;
                note(store, e.getKey().name() + ": what its forks left could not be read: " + ex.getMessage());
            }
        }
        return ok;
    }

    private void note(RunStore store, String note) throws IOException {
        store.note(note);
        console.print(ConsoleText.wrap("note: ", note));
    }

    /**
     * The JMH part: every result on every JDK, then {@code afterFirstPass}, then forks added for the
     * precision goal with what is left of the budget ({@link JmhPhase}).
     */
    private boolean runJmh(Plan plan, RunStore store, long startNanos, JmhPhase.Interlude afterFirstPass) throws IOException {
        Map<Jdk, List<Job>> jobs = new LinkedHashMap<>();
        for (Jdk j : plan.jdks()) {
            List<Job> js = new ArrayList<>();
            for (Map.Entry<Family, List<BenchmarkListEntry>> e : plan.selection().entrySet()) {
                Family f = e.getKey();
                List<BenchmarkListEntry> runnable = e.getValue().stream().filter(b -> f.runsOn(b.getUsername(), j)).toList();
                List<Job> all = Job.of(f, runnable, JmhFamilyRun.jmhParams(f, runnable, plan.profile(), plan.userParams()));
                RunContext ctx = plan.contexts().get(f);
                List<Job> kept = all.stream().filter(job -> ctx.measures(job.variant())).toList();
                js.addAll(kept);
                if (kept.size() < all.size() && j.equals(plan.jdks().get(0))) {
                    leftOut(store, f, ctx, plan.profile(), kept.size(), all);
                }
            }
            jobs.put(j, js);
        }
        JmhPhase.Setup setup = new JmhPhase.Setup(jobs, plan.contexts(), plan.forkArgs(), plan.workDir(), plan.precision(), startNanos,
                plan.overrides(), plan.profilers(), plan.catalog(), aaComparisons());
        return new JmhPhase(setup, store, n -> note(store, n), console).run(afterFirstPass);
    }

    /** Says what a profile's subset of a family leaves out, so no part of a family goes unmeasured silently. */
    private void leftOut(RunStore store, Family f, RunContext ctx, Profile profile, int kept, List<Job> all) throws IOException {
        List<String> out = all.stream().filter(job -> !ctx.measures(job.variant())).map(Job::variant)
                .map(v -> v.method() + (v.params().isEmpty() ? "" : " " + v.params())).distinct().limit(4).toList();
        note(store, f.name() + ": the " + profile + " profile measures " + kept + " of its " + all.size() + " results to fit its time; "
                + "the others (" + String.join("; ", out) + (all.size() - kept > out.size() ? "; ..." : "")
                + ") are measured by --profile thorough, or by naming them (a selector, -p)");
    }

    /**
     * The console's answer: the questions' answers, then per family the JVM tax and a compact table per
     * benchmark class, 120 columns wide ({@link TerminalAnswer}); JMH's full tables per JDK before it
     * with --verbose only.
     * Then the notes.
     */
    private void printAnswer(RunResults results, Path dir, FamilySet ran) {
        if (verbose) {
            printTables(results);
        }
        console.print(TerminalAnswer.of(dir, results, ran));
        List<BuildVerdicts.Row> builds = BuildVerdicts.of(results);
        if (!builds.isEmpty()) {
            jab.harness.page.MarkdownPage table = new jab.harness.page.MarkdownPage();
            BuildVerdicts.table(table, builds);
            console.println();
            console.print(table.body());
        }
        results.notes().forEach(n -> console.print(ConsoleText.wrap("note: ", n)));
    }

    /** JMH's table per JDK and the tables measured outside JMH, in JMH's layout: as wide as their params make them. */
    private void printTables(RunResults results) {
        for (String id : results.jdkIds()) {
            if (!results.jmh(id).isEmpty()) {
                console.println();
                console.println("JDK " + id + ": " + Summary.vmVersion(results.jmh(id).get(0)));
                console.print(ResultTable.format(results.jmh(id)));
            }
        }
        if (!results.baselines().isEmpty()) {
            console.println();
            console.println("native:");
            console.print(ResultTable.format(results.baselines()));
        }
        if (!results.timings().isEmpty()) {
            console.println();
            console.println("timings (not native floors):");
            console.print(ResultTable.format(results.timings()));
        }
    }

    /** At least this many A/A comparisons per JDK make the run a calibration ({@link CalibrateCommand}); 0 for a run. */
    int aaComparisons() {
        return 0;
    }

    /** A calibration's coverage and wrong verdicts per planted true ratio, on the console and in the run's notes (summary.md). */
    private void printCalibration(RunResults results, RunStore store, Plan plan) throws IOException {
        Calibration c = results.document(Comparisons.NAME, Comparisons.class).map(Calibration::of)
                .orElse(new Calibration(List.of(), Map.of(), plan.precision().band()));
        console.println();
        for (String line : c.lines()) {
            console.print(ConsoleText.wrap("", line));
            store.note(line);
        }
        store.writeSummary(Summary.markdown(RunResults.read(store.dir()), plan.families()));
    }

    /**
     * {@code --fail-on-regression}: says which benchmarks' heads are slower than their bases with the
     * whole interval beyond the limit; true when one is.
     */
    private boolean regressed(RunResults results) {
        double limit = comparison.regressionLimit();
        if (limit <= 0) {
            return false;
        }
        List<BuildVerdicts.Row> rows = BuildVerdicts.regressions(BuildVerdicts.of(results), limit);
        console.println();
        String gate = "--fail-on-regression " + jab.harness.stats.ForkInterval.percent(limit);
        if (rows.isEmpty()) {
            console.print(ConsoleText.wrap("", gate + ": no benchmark's head is slower than its base with the whole 95% interval "
                    + "beyond it"));
        }
        for (BuildVerdicts.Row r : rows) {
            console.print(ConsoleText.wrap("regression: ", String.format(java.util.Locale.ROOT,
                    "%s, JDK %s: head/base %.3f, 95%% interval %s, beyond %s (exit status 1)", r.question(), r.jdk(), r.ratio(),
                    r.intervalWords(), gate)));
        }
        return !rows.isEmpty();
    }

    /** The warnings, last, where a reader looks first: what not to trust, and what to do. */
    private void printWarnings(RunResults results) {
        List<Warning> ws = Summary.warnings(results);
        if (!ws.isEmpty()) {
            console.println();
            console.println("warnings (" + ws.size() + ", one line per kind; each one with what to do in summary.md):");
            WarningDigest.lines(ws).forEach(l -> console.print(ConsoleText.wrap("- ", l)));
        }
    }

    /** The command line as given, every option included (the families' too), quoted where a shell would need it. */
    private String commandLine() {
        List<String> words = new ArrayList<>(List.of("jab", spec.name()));
        List<String> given = spec.commandLine().getParseResult().originalArgs();
        // picocli keeps the whole command line, the subcommand's own name ("run", "calibrate") included
        for (String a : given.subList(given.indexOf(spec.name()) + 1, given.size())) {
            words.add(a.isEmpty() || a.matches(".*[\\s\"'$`\\\\|&;<>(){}*?#~].*") ? "'" + a.replace("'", "'\\''") + "'" : a);
        }
        return String.join(" ", words);
    }
}
