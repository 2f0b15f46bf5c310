package jab.harness.fs;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;

import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;

import jab.harness.UsageException;
import jab.harness.family.Family;
import jab.harness.jdk.Jdk;
import jab.harness.nativ.NativeBuild;
import jab.harness.results.NativeResult;
import jab.harness.results.RunResults;
import jab.harness.run.Profile;
import jab.harness.run.ProfileName;
import jab.harness.run.RunContext;

/** File-existence checks: seven Java APIs, four scenarios, stat/access from C, and their semantics. */
public final class FsFamily implements Family {
    static final String SEMANTICS_FILE = "fs-semantics.json";
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
    public Profile profile(ProfileName profile) {
        switch (profile) {
            case SMOKE:
                return Profile.of(1, 1, "100ms", 2, "100ms");
            case THOROUGH:
                return Profile.of(5, 5, "1s", 20, "1s"); // the seed's 100 samples
            default:
                return Profile.of(2, 2, "300ms", 4, "400ms");
        }
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
    public void validate(Map<String, String[]> params, RunContext ctx) {
        for (String v : params.getOrDefault("files", new String[0])) {
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
    public long bytesNeeded(Map<String, String[]> params) {
        long most = 1000;
        for (String v : params.getOrDefault("files", new String[0])) {
            most = Math.max(most, Long.parseLong(v));
        }
        return most * 8192; // a block and an inode's worth per file, generously
    }

    @Override
    public List<NativeResult> measureNative(RunContext ctx) throws Exception {
        List<String> notes = new ArrayList<>();
        List<NativeResult> results = new ArrayList<>();
        Profile profile = profile(ctx.profileName());
        for (String files : ctx.params().getOrDefault("files", new String[] {"1000"})) {
            results.addAll(FsNativeBaseline.measure(new NativeBuild(), profile, ctx.workDir(), Integer.parseInt(files), notes));
        }
        try {
            writeSemantics(ctx, notes);
        } catch (IOException e) {
            // The semantics table is beside the point of the timings: note it, keep the baselines.
            notes.add("fs semantics probe failed: " + e.getMessage());
        }
        notes.forEach(n -> ctx.log().println("note: " + n));
        return results;
    }

    /** What each API answers on each JDK of the run, kept beside the results for summary and reports. */
    private static void writeSemantics(RunContext ctx, List<String> notes) throws IOException, InterruptedException {
        Map<String, Object> file = new LinkedHashMap<>();
        Map<String, Object> byJdk = new LinkedHashMap<>();
        for (Jdk jdk : ctx.jdks()) {
            byJdk.put(jdk.id(), FsSemanticsRunner.probe(jdk, ctx.workDir()));
        }
        file.put("semantics", byJdk);
        file.put("notes", notes);
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(ctx.runDir().resolve(SEMANTICS_FILE).toFile(), file);
    }

    @Override
    public String summary(RunResults results, RunContext ctx) {
        try {
            return FsSummary.markdown(results, results.dir().resolve(SEMANTICS_FILE));
        } catch (IOException e) {
            return "fs summary unavailable: " + e.getMessage() + "\n";
        }
    }
}
