package jab.harness.jgit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.jgit.util.FS;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.runner.BenchmarkListEntry;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;

import jab.bench.fs.ExistenceCheck;
import jab.bench.fs.FsSemantics;
import jab.bench.jgit.ProbeAgent;
import jab.bench.jgit.ProbeVariant;
import jab.harness.family.Family;
import jab.harness.family.JmhSettings;
import jab.harness.family.Measurement;
import jab.harness.family.Profile;
import jab.harness.family.Question;
import jab.harness.family.RunContext;
import jab.harness.family.Subcommand;
import jab.harness.fs.FsSemanticsRunner;
import jab.harness.jdk.Jdk;
import jab.harness.page.Page;
import jab.harness.results.RunResults;
import jab.harness.trace.SyscallCount;
import jab.harness.trace.TraceCache;

/**
 * JGit's file object database with each existence check (seed 002 end to end): inserting loose
 * objects, looking objects up in a loose and a packed repository, a BFG-like history rewrite; the
 * check's share of each, the syscalls of one insert, and what the checks answer where they differ.
 */
public final class JgitFamily implements Family {
    /** JGit 7 is built for Java 17 (class file 61): older JDKs cannot load it. */
    static final int MIN_JDK = 17;
    /** The cases of fs's semantics probe where JGit's choice shows. */
    private static final List<String> CASES = List.of(FsSemantics.Case.REGULAR_FILE.name(), FsSemantics.Case.MISSING.name(),
            FsSemantics.Case.SYMLINK_TO_FILE.name(), FsSemantics.Case.BROKEN_SYMLINK.name());

    @Override
    public String name() {
        return "jgit";
    }

    @Override
    public String description() {
        return "JGit " + jgitVersion() + " with each existence check (seed 002 end to end): inserting loose objects, "
                + "looking objects up (loose and packed), a BFG-like history rewrite; the check's share of each";
    }

    /**
     * Seed 002's question per workload: JGit's stock existence check against each variant, the
     * repository layout held fixed. The variants interleave: each has its own class loader, so its own
     * copy of JGit and of the probe that chooses the check (Probes), rewritten alike as JGit loads.
     */
    @Override
    public List<Question> questions(List<BenchmarkListEntry> benchmarks) {
        List<Question> out = new ArrayList<>();
        for (String b : List.of("HistoryRewriteBenchmark.rewriteHistory", "LooseInsertBenchmark.insertExistingObjects",
                "LooseInsertBenchmark.insertNewObjects", "ObjectLookupBenchmark.lookupExistingObjects",
                "ObjectLookupBenchmark.lookupMissingObjects")) {
            out.add(Question.overParam("which existence check in JGit's " + b.substring(b.indexOf('.') + 1), "exists", "STOCK",
                    benchmarkPackage() + b));
        }
        return out;
    }

    /**
     * The workload of the default profile: looking up missing loose objects, where the check is most
     * of the work (about 20 us a lookup). thorough and a selector naming one measure the others. The
     * history rewrite (seed 002's BFG) is thorough's: one invocation rewrites the whole history (about
     * half a second), so an interleaved fork of its four variants took 114 s, and its ratios spread
     * 0.3-14x over three forks (loose objects written to disk), far from a verdict in a default run.
     */
    static final java.util.Set<String> DEFAULT_WORKLOADS = java.util.Set.of("lookupMissingObjects");

    @Override
    public JmhSettings settings(Profile profile) {
        return switch (profile) {
            // smoke proves it runs, in one short iteration per result (each fork builds its repository,
            // which takes longer than that); the packed lookups (the contrast) are left to default and thorough
            case SMOKE -> JmhSettings.of(1, 0, "100ms", 1, "100ms").only(v -> !"PACKED".equals(v.param("layout")));
            // an insert invocation (250 objects) takes tens of milliseconds on disk, so half a second holds several.
            // Each fork builds a repository per variant: default keeps the workload where the check is most
            // of the work (DEFAULT_WORKLOADS), loose objects; three forks, as a question's interval over two
            // has one degree of freedom; thorough has all.
            case DEFAULT -> JmhSettings.of(3, 2, "500ms", 4, "500ms").only(v -> DEFAULT_WORKLOADS.contains(v.method())
                    && !"PACKED".equals(v.param("layout")));
            case THOROUGH -> JmhSettings.of(5, 5, "1s", 20, "1s");
        };
    }

    @Override
    public boolean runsOn(String benchmark, Jdk jdk) {
        return jdk.feature() >= MIN_JDK;
    }

    /** The agent that puts the variant in place of JGit's checks, and bytes allocated per object (an exception shows). */
    @Override
    public void customize(ChainedOptionsBuilder options, Jdk jdk, RunContext ctx) {
        options.addProfiler(GCProfiler.class);
        options.jvmArgsAppend("-javaagent:" + agentJar(ctx.workDir()));
    }

    static Path agentJar(Path workDir) {
        try {
            return ProbeAgent.writeJar(workDir.resolve("jgit-agent"));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the jgit probe agent jar under " + workDir, e);
        }
    }

    /** JDKs skipped (said, not dropped), what the checks answer, and with strace the syscalls of one insert. */
    @Override
    public Measurement measureBeforeJmh(RunContext ctx) throws Exception {
        Measurement.Builder m = Measurement.builder();
        List<Jdk> jdks = new ArrayList<>();
        for (Jdk j : ctx.jdks()) {
            if (j.feature() >= MIN_JDK) {
                jdks.add(j);
            } else {
                m.note("jgit: JDK " + j.version() + " skipped: JGit " + jgitVersion() + " is built for Java " + MIN_JDK
                        + " (class file 61); JGit 6.10 is the last line for Java 11");
            }
        }
        Map<String, Map<String, Map<String, String>>> semantics = new LinkedHashMap<>();
        for (Jdk j : jdks) {
            Map<String, Map<String, String>> all = FsSemanticsRunner.probe(j, ctx.workDir());
            Map<String, Map<String, String>> some = new LinkedHashMap<>();
            CASES.stream().filter(all::containsKey).forEach(c -> some.put(c, all.get(c)));
            semantics.put(j.id(), some);
        }
        List<InsertTrace> traces = new ArrayList<>();
        Optional<Path> strace = SyscallCount.strace();
        if (strace.isEmpty()) {
            m.note("jgit: no syscall trace of an insert: " + SyscallCount.NO_STRACE);
        } else if (ctx.profile() == Profile.SMOKE) {
            // two traced JVMs per check and JDK would double a smoke run; jab verify jgit shows the same
            m.note("jgit: the syscalls of an insert are traced in the default and thorough profiles and by jab verify jgit");
        } else {
            Path agent = agentJar(ctx.workDir());
            List<String> checks = List.of(ctx.param("exists"));
            if (checks.isEmpty()) { // the param left at its default: every constant
                checks = Arrays.stream(ProbeVariant.values()).map(Enum::name).toList();
            }
            TraceCache cache = TraceCache.open(name(), ctx.workDir(), ctx.log());
            for (Jdk j : jdks) {
                cache.announce("jgit: tracing the syscalls of one insert on JDK " + j.version());
                for (String exists : checks) {
                    traces.add(cache.get(InsertTrace.class, j, List.of("insert", exists),
                            () -> InsertTrace.of(strace.get(), j, exists, agent, ctx.workDir().resolve("jgit-trace"))));
                }
            }
            cache.notes().forEach(m::note);
        }
        return m.document(JgitDocument.NAME, new JgitDocument(traces, semantics)).build();
    }

    @Override
    public void section(RunResults run, Page page, int level) {
        JgitSection.render(run, page, level);
    }

    @Override
    public Optional<String> label(String param, String value) {
        return param.equals("exists") ? Optional.of(call(value)) : Optional.empty();
    }

    @Override
    public List<Subcommand> subcommands() {
        return List.of(Subcommand.verify(new JgitVerifyCommand()));
    }

    /**
     * How an exists value reads: the Java call (fs's words), or JGit as shipped, a singular subject as the
     * answers' sentences need ("JGit as shipped is 1.19x faster than ...").
     */
    static String call(String exists) {
        if (exists.equals(JgitSection.STOCK)) {
            return "JGit as shipped";
        }
        try {
            return ExistenceCheck.valueOf(exists).call();
        } catch (IllegalArgumentException e) {
            return exists;
        }
    }

    static String caseLabel(String c) {
        try {
            return FsSemantics.Case.valueOf(c).label;
        } catch (IllegalArgumentException e) {
            return c;
        }
    }

    /** JGit's version, from its jar's manifest. */
    static String jgitVersion() {
        String v = FS.class.getPackage().getImplementationVersion();
        return v == null ? "(version unknown)" : v;
    }
}
