package jab.harness.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/**
 * Keeps {@link Subprocess} the harness's only way to start a process: a hand-made ProcessBuilder
 * elsewhere would bring back the output reads that block past a timeout and the children left behind.
 */
class OneSubprocessHelperTest {
    private static final List<String> FORBIDDEN = List.of("new ProcessBuilder(", "Runtime.getRuntime().exec");

    @Test
    void noHarnessSourceOutsideExecStartsAProcessItself() throws IOException {
        Path sources = Path.of("src/main/java"); // surefire runs in the harness module's folder
        Path exec = sources.resolve("jab/harness/exec");
        assertThat(sources.resolve("jab/harness")).isDirectory();
        List<String> offenders;
        try (Stream<Path> files = Files.walk(sources)) {
            offenders = files.filter(p -> p.toString().endsWith(".java")).filter(p -> !p.startsWith(exec))
                    .filter(OneSubprocessHelperTest::startsAProcess).map(p -> sources.relativize(p).toString()).sorted()
                    .collect(Collectors.toList());
        }
        assertThat(offenders).as("start processes with jab.harness.exec.Subprocess instead").isEmpty();
    }

    private static boolean startsAProcess(Path file) {
        try {
            String text = Files.readString(file);
            return FORBIDDEN.stream().anyMatch(text::contains);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
