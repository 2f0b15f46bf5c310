package jab.harness.run.jmh;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Optional;

/**
 * async-profiler's native library for this platform. The build puts Maven Central's per-platform jar
 * (tools.profiler:async-profiler, classifier linux-x64, linux-arm64 or macos) on jab's class path;
 * it holds the library under a folder of that name, and JMH's async profiler loads it from a file,
 * so it is copied out into the run's work dir.
 */
final class AsyncProfilerLibrary {
    private AsyncProfilerLibrary() {
    }

    /** This platform's folder in async-profiler's jars; empty where async-profiler has no build. */
    static Optional<String> platform() {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        String arch = System.getProperty("os.arch", "");
        if (os.startsWith("mac")) {
            return Optional.of("macos");
        }
        if (os.startsWith("linux")) {
            return switch (arch) {
                case "amd64", "x86_64" -> Optional.of("linux-x64");
                case "aarch64", "arm64" -> Optional.of("linux-arm64");
                default -> Optional.empty();
            };
        }
        return Optional.empty();
    }

    /** The library copied into {@code dir}; empty when there is none for this platform, with why in {@code why}. */
    static Optional<Path> extract(Path dir, StringBuilder why) throws IOException {
        Optional<String> platform = platform();
        if (platform.isEmpty()) {
            why.append("async-profiler has no library for ").append(System.getProperty("os.name")).append(' ')
                    .append(System.getProperty("os.arch"));
            return Optional.empty();
        }
        String name = platform.get().equals("macos") ? "libasyncProfiler.dylib" : "libasyncProfiler.so";
        String resource = platform.get() + "/" + name;
        try (InputStream in = AsyncProfilerLibrary.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) {
                why.append("no ").append(resource).append(" on jab's class path (the build fetches async-profiler's ")
                        .append(platform.get()).append(" jar from Maven Central)");
                return Optional.empty();
            }
            Files.createDirectories(dir);
            Path lib = dir.resolve(name);
            Files.copy(in, lib, StandardCopyOption.REPLACE_EXISTING);
            return Optional.of(lib);
        }
    }
}
