package jab.harness.mmap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;

import jab.bench.mmap.WriteStrategy;
import jab.harness.UsageException;
import jab.harness.family.Family;
import jab.harness.jdk.Jdk;
import jab.harness.nativ.NativeBuild;
import jab.harness.results.NativeResult;
import jab.harness.results.RunResults;
import jab.harness.run.Profile;
import jab.harness.run.ProfileName;
import jab.harness.run.RunContext;
import jab.mmap.MappedFileWriter;
import jab.mmap.jruby.RubyWriteStrategy;

/**
 * Sequential file writes in 1k/4k/16k chunks: jab's memory-mapped writer against FileChannel,
 * RandomAccessFile and BufferedOutputStream from Java, seed 004's seven strategies from JRuby, and
 * C write(2) and mmap+memcpy in the same run.
 */
public final class MmapFamily implements Family {
    static final String[] CHUNKS = {"1024", "4096", "16384"};

    @Override
    public String name() {
        return "mmap";
    }

    @Override
    public String description() {
        return "sequential writes of a whole file in 1k/4k/16k chunks: jab's mmap writer, FileChannel (heap, direct), "
                + "RandomAccessFile, BufferedOutputStream, MemorySegment (JDK 22+), seven JRuby strategies; native write/mmap";
    }

    @Override
    public Profile profile(ProfileName profile) {
        // Single shot: an iteration is one file; warmup files let the JIT (and JRuby's) compile the loop.
        switch (profile) {
            case SMOKE:
                return Profile.of(1, 1, "1s", 2, "1s").withParams(params("4194304"));
            case THOROUGH:
                return Profile.of(2, 2, "1s", 5, "1s").withParams(params("2048000000")); // seed 004's total
            default:
                return Profile.of(1, 2, "1s", 5, "1s").withParams(params("268435456"));
        }
    }

    private static Map<String, String[]> params(String totalBytes) {
        return Map.of("chunkSize", CHUNKS.clone(), "totalBytes", new String[] {totalBytes}, "force", new String[] {"false"});
    }

    @Override
    public void validate(Map<String, String[]> params, RunContext ctx) {
        for (String v : params.getOrDefault("chunkSize", new String[0])) {
            long c = number("chunkSize", v);
            if (c <= 0 || c > Integer.MAX_VALUE) {
                throw new UsageException("-p chunkSize=" + v + ": a chunk must be 1 to " + Integer.MAX_VALUE + " bytes");
            }
        }
        for (String v : params.getOrDefault("totalBytes", new String[0])) {
            if (number("totalBytes", v) <= 0) {
                throw new UsageException("-p totalBytes=" + v + ": the file size must be > 0 bytes");
            }
        }
        for (String v : params.getOrDefault("force", new String[0])) {
            if (!v.equals("true") && !v.equals("false")) {
                throw new UsageException("-p force=" + v + ": true (fsync inside the timing: the device) or false (page cache)");
            }
        }
        for (String v : params.getOrDefault("strategy", new String[0])) {
            WriteStrategy s = constant(WriteStrategy.class, "strategy", v);
            for (Jdk jdk : ctx.jdks()) {
                if (jdk.feature() < s.minimumJdk()) {
                    throw new UsageException("-p strategy=" + v + " needs JDK " + s.minimumJdk() + "+, and JDK "
                            + jdk.id() + " is selected; choose JDKs with --jdk");
                }
            }
        }
        for (String v : params.getOrDefault("rubyStrategy", new String[0])) {
            constant(RubyWriteStrategy.class, "rubyStrategy", v);
        }
    }

    private static long number(String name, String v) {
        try {
            return Long.parseLong(v);
        } catch (NumberFormatException e) {
            throw new UsageException("-p " + name + "=" + v + ": not a whole number of bytes");
        }
    }

    private static <E extends Enum<E>> E constant(Class<E> type, String name, String v) {
        try {
            return Enum.valueOf(type, v);
        } catch (IllegalArgumentException e) {
            throw new UsageException("-p " + name + "=" + v + ": unknown; one of " + Arrays.toString(type.getEnumConstants()));
        }
    }

    /**
     * One file at a time exists (JMH and the native baseline run one after the other), plus the
     * writer's last window, which reaches past the data until close cuts it (sparse on most
     * filesystems, allocated on some).
     */
    @Override
    public long bytesNeeded(Map<String, String[]> params) {
        long most = 0;
        for (String v : params.getOrDefault("totalBytes", new String[] {"268435456"})) {
            most = Math.max(most, Long.parseLong(v));
        }
        return most > Long.MAX_VALUE - MappedFileWriter.DEFAULT_WINDOW ? -1 : most + MappedFileWriter.DEFAULT_WINDOW;
    }

    /** On JDK 22+ forks the MemorySegment strategy joins the others, unless the user chose strategies. */
    @Override
    public void customize(ChainedOptionsBuilder options, Jdk jdk, RunContext ctx) {
        if (!ctx.params().containsKey("strategy") && jdk.feature() >= WriteStrategy.MAPPED_MEMORY_SEGMENT.minimumJdk()) {
            List<String> all = new ArrayList<>(Arrays.asList(WriteStrategy.EVERY_JDK));
            all.add(WriteStrategy.MAPPED_MEMORY_SEGMENT.name());
            options.param("strategy", all.toArray(new String[0]));
        }
    }

    @Override
    public List<NativeResult> measureNative(RunContext ctx) throws Exception {
        List<String> notes = new ArrayList<>();
        Map<String, String[]> p = new java.util.LinkedHashMap<>(profile(ctx.profileName()).params());
        p.putAll(ctx.params());
        List<NativeResult> out = MmapNativeBaseline.measure(new NativeBuild(), profile(ctx.profileName()), ctx.workDir(),
                p.get("chunkSize"), p.get("totalBytes"), p.get("force"), notes);
        notes.forEach(n -> ctx.log().println("note: " + n));
        return out;
    }

    @Override
    public String summary(RunResults results, RunContext ctx) {
        return MmapSummary.markdown(results);
    }
}
