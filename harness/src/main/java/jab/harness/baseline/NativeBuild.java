package jab.harness.baseline;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.time.Duration;
import java.util.Optional;

import jab.harness.JabHome;
import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;
import jab.harness.exec.SubprocessTimeoutException;

/**
 * Builds the C programs of native/ with gcc into native/build/, once and again when the source
 * changes. Without gcc (or when it fails) the program is absent and {@link #reason()} says why, so
 * the family records a skipped baseline instead of failing the run.
 */
public final class NativeBuild {
    private static final Duration BUILD_TIMEOUT = Duration.ofSeconds(120);
    private final Path sourceDir;
    private final Path buildDir;
    private final String osName;
    private String reason = "";

    public NativeBuild() {
        this(JabHome.get().resolve("native"));
    }

    public NativeBuild(Path sourceDir) {
        this(sourceDir, System.getProperty("os.name", ""));
    }

    NativeBuild(Path sourceDir, String osName) {
        this.sourceDir = sourceDir;
        this.buildDir = sourceDir.resolve("build");
        this.osName = osName;
    }

    /** The executable for native/NAME.c, built if needed; empty when it cannot be built. */
    public synchronized Optional<Path> program(String name, String... extraFlags) {
        Path source = sourceDir.resolve(name + ".c");
        Path binary = buildDir.resolve(name);
        if (osName.startsWith("Windows")) {
            // The baselines call POSIX (stat, access, posix_spawn, mmap); a MinGW gcc on PATH would
            // build something else under the same name, so Windows runs record them as skipped.
            reason = "native baselines are POSIX C programs: not built on " + osName;
            return Optional.empty();
        }
        try {
            if (!Files.isRegularFile(source)) {
                reason = "source " + source + " not found";
                return Optional.empty();
            }
            if (Files.isExecutable(binary)
                    && Files.getLastModifiedTime(binary).compareTo(Files.getLastModifiedTime(source)) >= 0) {
                return Optional.of(binary);
            }
            Files.createDirectories(buildDir);
            List<String> cmd = new ArrayList<>(List.of(compiler(), "-O2", "-Wall", "-o", binary.toString(), source.toString()));
            cmd.addAll(List.of(extraFlags));
            Result r = Subprocess.of(cmd).mergeStderrIntoStdout().timeout(BUILD_TIMEOUT).run();
            if (!r.ok()) {
                reason = "gcc failed on " + source + ": " + r.stdout().strip();
                return Optional.empty();
            }
            return Optional.of(binary);
        } catch (SubprocessTimeoutException e) {
            reason = "gcc failed on " + source + ": " + e.getMessage();
            return Optional.empty();
        } catch (IOException e) {
            reason = "no C compiler (" + compiler() + "): install gcc to measure the native baseline";
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            reason = "interrupted while building " + name;
            return Optional.empty();
        }
    }

    /** Why the last program could not be built. */
    public String reason() {
        return reason;
    }

    /** The compiler and its version, for the results ("gcc 12.2.0"). */
    public String compilerVersion() {
        String v = Subprocess.versionOf(Path.of(compiler()), "-dumpfullversion");
        return v.isEmpty() ? compiler() : compiler() + " " + v;
    }

    private static String compiler() {
        String cc = System.getenv("CC");
        return cc == null || cc.isBlank() ? "gcc" : cc;
    }
}
