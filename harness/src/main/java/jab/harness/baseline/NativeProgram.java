package jab.harness.baseline;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a native baseline program and reads the numbers it prints, one per line. */
public final class NativeProgram {
    private NativeProgram() {
    }

    /** Runs {@code binary args...}; returns the numeric lines of stdout; fails on exit != 0 or timeout. */
    public static double[] runForNumbers(Path binary, long timeoutSeconds, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(binary.toString());
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!p.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
                throw new IOException(binary.getFileName() + " did not finish in " + timeoutSeconds + " s");
            }
            if (p.exitValue() != 0) {
                throw new IOException(binary.getFileName() + " exited with " + p.exitValue());
            }
            return out.lines().map(String::trim).filter(s -> !s.isEmpty()).mapToDouble(Double::parseDouble).toArray();
        } finally {
            p.destroyForcibly();
        }
    }
}
