package jab.harness.baseline;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import jab.fork.Syscalls;
import jab.harness.jdk.Jdk;

/**
 * native/jab_syscalls.c as a JNI shared library: the in-process floors' system calls ({@link Syscalls}),
 * built once with the jni.h of the JDK running jab, and the options a fork needs to load it. A JRE has no
 * jni.h and a machine without gcc cannot build it: then a family's questions go without their floor.
 */
public final class SyscallsLibrary {
    private final NativeBuild build;
    private Optional<Path> library;
    private String reason = "";

    public SyscallsLibrary(NativeBuild build) {
        this.build = build;
    }

    /** The library, built on first use; empty when it cannot be (see {@link #reason}). */
    public synchronized Optional<Path> path() {
        if (library == null) {
            Path include = Path.of(System.getProperty("java.home"), "include");
            if (Files.isRegularFile(include.resolve("jni.h"))) {
                library = build.program("jab_syscalls", "-shared", "-fPIC", "-I" + include, "-I" + include.resolve("linux"));
                reason = build.reason();
            } else {
                library = Optional.empty();
                reason = "no jni.h in " + System.getProperty("java.home") + " (a JRE runs jab; a JDK has it)";
            }
        }
        return library;
    }

    /** Why {@link #path} is empty. */
    public synchronized String reason() {
        return reason;
    }

    /**
     * The JVM options of a fork that may call {@link Syscalls}: where the library is, and on JDK 22 and
     * later native access for the unnamed module, so JNI (and FFM) run without the JDK's warning.
     */
    public List<String> forkOptions(Jdk jdk) {
        List<String> out = new ArrayList<>();
        path().ifPresent(lib -> out.add("-D" + Syscalls.LIBRARY + "=" + lib));
        if (jdk.feature() >= 22) {
            out.add("--enable-native-access=ALL-UNNAMED");
        }
        return out;
    }
}
