package jab.harness.fs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;

import jab.bench.fs.ExistenceCheck;
import jab.harness.UsageException;
import jab.harness.baseline.NativeBuild;
import jab.harness.family.Family;
import jab.harness.family.JmhSettings;
import jab.harness.family.Measurement;
import jab.harness.family.Profile;
import jab.harness.family.RunContext;
import jab.harness.family.Subcommand;
import jab.harness.jdk.Jdk;
import jab.harness.page.Page;
import jab.harness.results.RunResults;

/** File-existence checks: seven Java APIs, four scenarios, stat/access from C, and their semantics. */
public final class FsFamily implements Family {
    static final String FFM_BENCHMARK = "jab.bench.fs.FfmFileCheckBenchmark.";

    @Override
    public String name() {
        return "fs";
    }

    @Override
    public String description() {
        return "file-existence checks (File.exists, Files.exists, NOFOLLOW_LINKS, notExists, isRegularFile, "
                + "readAttributes, isFile) on existing, missing and random files; native stat/access";
    }

    @Override
    public JmhSettings settings(Profile profile) {
        return switch (profile) {
            case SMOKE -> JmhSettings.of(1, 1, "100ms", 2, "100ms");
            case THOROUGH -> JmhSettings.of(5, 5, "1s", 20, "1s"); // the seed's 100 samples
            // Fork-to-fork variance limits precision here (fork means differ by 1-3%, and 2 forks
            // make t = 12.7), so three short forks to start, and --precision adds more; the
            // random-file scenarios (a different file each call) only in thorough and by name, so
            // the budget goes to forks rather than to more results.
            case DEFAULT -> JmhSettings.of(3, 3, "200ms", 5, "200ms").only(v -> !v.method().startsWith("random"));
        };
    }

    /** The Foreign Function API baseline needs JDK 22+; the JDK's own checks run everywhere. */
    @Override
    public boolean runsOn(String benchmark, Jdk jdk) {
        return !benchmark.startsWith(FFM_BENCHMARK) || jdk.feature() >= 22;
    }

    @Override
    public void customize(ChainedOptionsBuilder options, Jdk jdk, RunContext ctx) {
        if (jdk.feature() >= 22) {
            options.jvmArgsAppend("--enable-native-access=ALL-UNNAMED"); // FFM downcalls without a warning
        }
    }

    @Override
    public void validate(RunContext ctx) {
        for (String v : ctx.param("files")) {
            try {
                if (Integer.parseInt(v) < 1) {
                    throw new UsageException("-p files=" + v + ": the number of files must be >= 1");
                }
            } catch (NumberFormatException e) {
                throw new UsageException("-p files=" + v + ": not a whole number");
            }
        }
    }

    @Override
    public long bytesNeeded(RunContext ctx) {
        long most = 0;
        for (String v : ctx.param("files")) {
            most = Math.max(most, Long.parseLong(v));
        }
        return most * 8192; // a block and an inode's worth per file, generously
    }

    /** C stat/access on the same paths per file count, and what each API answers on each JDK. */
    @Override
    public Measurement measureBeforeJmh(RunContext ctx) throws Exception {
        Measurement.Builder m = Measurement.builder();
        List<String> notes = new ArrayList<>();
        JmhSettings settings = settings(ctx.profile());
        NativeBuild build = new NativeBuild();
        for (String files : ctx.param("files")) {
            m.baselines(FsNativeBaseline.measure(build, settings,
                    scenario -> ctx.measures(new JmhSettings.Variant(scenario, 1, Map.of("files", files))), ctx.workDir(),
                    Integer.parseInt(files), notes));
        }
        try {
            Map<String, Map<String, Map<String, String>>> byJdk = new LinkedHashMap<>();
            for (Jdk jdk : ctx.jdks()) {
                byJdk.put(jdk.id(), FsSemanticsRunner.probe(jdk, ctx.workDir()));
            }
            m.document(FsSemanticsDocument.NAME, new FsSemanticsDocument(byJdk, List.of()));
        } catch (Exception e) {
            // The semantics table is beside the point of the timings: note it, keep the baselines.
            notes.add("fs semantics probe failed: " + e.getMessage());
        }
        return m.notes(notes).build();
    }

    @Override
    public void section(RunResults run, Page page, int level) {
        FsSection.render(run, page, level);
    }

    /** api=FILES_EXISTS_NOFOLLOW reads as the call it stands for. */
    @Override
    public Optional<String> label(String param, String value) {
        if (!param.equals("api")) {
            return Optional.empty();
        }
        try {
            return Optional.of(ExistenceCheck.valueOf(value).call());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    @Override
    public List<Subcommand> subcommands() {
        return List.of(Subcommand.under(FsSemanticsCommand.VERB, FsSemanticsCommand.VERB_DESCRIPTION, new FsSemanticsCommand()));
    }
}
