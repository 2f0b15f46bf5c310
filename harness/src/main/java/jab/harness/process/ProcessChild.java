package jab.harness.process;

import java.nio.file.Path;
import java.util.Optional;

import jab.bench.process.ProcessCommands;
import jab.harness.baseline.NativeBuild;

/**
 * The child every launch starts: native/hello_child.c built with gcc (seed 001's C program that
 * prints one line), or /bin/true when it cannot be built, with the reason kept as a note.
 *
 * @param path the executable
 * @param note empty when the C child is used; otherwise why /bin/true stands in
 */
public record ProcessChild(String path, String note) {

    public static ProcessChild resolve(NativeBuild build) {
        Optional<Path> child = build.program("hello_child");
        if (child.isPresent()) {
            return new ProcessChild(child.get().toAbsolutePath().toString(), "");
        }
        return new ProcessChild(ProcessCommands.FALLBACK_CHILD,
                "the C child could not be built (" + build.reason() + "); every launch runs " + ProcessCommands.FALLBACK_CHILD
                        + " instead, which prints nothing");
    }

    public boolean isFallback() {
        return !note.isEmpty();
    }
}
