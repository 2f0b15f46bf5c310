package jab.harness.jdk;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

import jab.fork.HostWatch;

/**
 * The oldest JDK that can run jab's benchmarks and probes: the release their class files were
 * compiled for (11, see the benchmarks' pom). An older JDK only finds out in the fork, with an
 * UnsupportedClassVersionError and the whole class path in the message, so the version is read from
 * a compiled class of that module (the fork-side HostWatch, which names no family) rather than
 * written down a second time here.
 */
public final class BenchmarkRelease {
    /** Class file major version 45 was Java 1.1; each release since adds one (55 is 11). */
    private static final int MAJOR_OF_RELEASE_ZERO = 44;

    private BenchmarkRelease() {
    }

    /** The feature version the benchmark classes need, e.g. 11. */
    public static int minimumFeature() {
        String resource = HostWatch.class.getSimpleName() + ".class";
        try (InputStream in = HostWatch.class.getResourceAsStream(resource)) {
            if (in == null) {
                throw new IOException("no " + resource + " beside " + HostWatch.class.getName());
            }
            DataInputStream data = new DataInputStream(in);
            data.readInt(); // magic
            data.readUnsignedShort(); // minor version
            return data.readUnsignedShort() - MAJOR_OF_RELEASE_ZERO;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the class file version of the benchmarks", e);
        }
    }
}
