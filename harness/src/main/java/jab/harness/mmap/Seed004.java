package jab.harness.mmap;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import jab.mmap.jruby.RubyWriteStrategy;

/**
 * What seed 004 measured and concluded (JRuby 1.7.15, Java 7, OS X, 2 GB per run): its figures are
 * the author's, kept here only to state its claims and its order per chunk size, never compared as
 * numbers with ours.
 */
final class Seed004 {
    /**
     * The seed's "real" seconds per strategy, in {@link RubyWriteStrategy} order (the seed's 1k
     * ranking), from its full results: the order differs with the chunk size.
     */
    private static final Map<Integer, double[]> REAL_SECONDS = Map.of(
            1024, new double[] {1.466, 1.639, 2.275, 2.664, 4.198, 4.943, 8.457},
            4096, new double[] {1.258, 1.223, 2.013, 2.122, 3.440, 2.732, 8.313},
            16384, new double[] {1.266, 1.275, 2.028, 2.111, 2.779, 2.021, 8.204});

    /** "About 6x" read as 4x to 9x: 6x within a factor of 1.5 either way. */
    static final double ABOUT_6X_LOW = 4;
    static final double ABOUT_6X_HIGH = 9;

    private Seed004() {
    }

    /** The seed's order at this chunk size, fastest first; empty for a size it did not measure. */
    static Optional<List<RubyWriteStrategy>> order(int chunkSize) {
        double[] real = REAL_SECONDS.get(chunkSize);
        if (real == null) {
            return Optional.empty();
        }
        List<RubyWriteStrategy> out = new ArrayList<>(List.of(RubyWriteStrategy.values()));
        out.sort(Comparator.comparingDouble(s -> real[s.ordinal()]));
        return Optional.of(out);
    }

    /**
     * A pairwise claim: {@code slow}'s time over {@code fast}'s lies between {@code low} and
     * {@code high} (exclusive; high infinite for "faster"). The numbers in the words are the seed's
     * ranks of its 1k table.
     */
    record Claim(String words, RubyWriteStrategy slow, RubyWriteStrategy fast, double low, double high) {
        static Claim faster(String words, RubyWriteStrategy fast, RubyWriteStrategy slow) {
            return new Claim(words, slow, fast, 1, Double.POSITIVE_INFINITY);
        }
    }

    /** The seed's Observations, each as the pairs it compares, and its ranking of extension over Java class. */
    static final List<Claim> CLAIMS = List.of(
            Claim.faster("Ruby File (5) is faster than mmap with autoboxing (7)", RubyWriteStrategy.RUBY_FILE,
                    RubyWriteStrategy.JAVA_MMAP_AUTOBOXING),
            new Claim("unboxed unsafe, extension (1), is about 6x faster than autoboxing (7)",
                    RubyWriteStrategy.JAVA_MMAP_AUTOBOXING, RubyWriteStrategy.EXT_MMAP_UNSAFE, ABOUT_6X_LOW, ABOUT_6X_HIGH),
            new Claim("unboxed unsafe, Java class (2), is about 6x faster than autoboxing (7)",
                    RubyWriteStrategy.JAVA_MMAP_AUTOBOXING, RubyWriteStrategy.JAVA_MMAP_UNSAFE, ABOUT_6X_LOW, ABOUT_6X_HIGH),
            Claim.faster("unboxed unsafe, extension (1), is faster than Ruby File (5)", RubyWriteStrategy.EXT_MMAP_UNSAFE,
                    RubyWriteStrategy.RUBY_FILE),
            Claim.faster("unboxed unsafe, Java class (2), is faster than Ruby File (5)", RubyWriteStrategy.JAVA_MMAP_UNSAFE,
                    RubyWriteStrategy.RUBY_FILE),
            Claim.faster("unsafe is faster than safe, extension (1 vs 3)", RubyWriteStrategy.EXT_MMAP_UNSAFE,
                    RubyWriteStrategy.EXT_MMAP_SAFE),
            Claim.faster("unsafe is faster than safe, Java class (2 vs 4)", RubyWriteStrategy.JAVA_MMAP_UNSAFE,
                    RubyWriteStrategy.JAVA_MMAP_SAFE),
            Claim.faster("the extension is faster than the Java class, unsafe (1 vs 2)", RubyWriteStrategy.EXT_MMAP_UNSAFE,
                    RubyWriteStrategy.JAVA_MMAP_UNSAFE),
            Claim.faster("the extension is faster than the Java class, safe (3 vs 4)", RubyWriteStrategy.EXT_MMAP_SAFE,
                    RubyWriteStrategy.JAVA_MMAP_SAFE));
}
