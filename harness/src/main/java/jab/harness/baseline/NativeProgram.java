package jab.harness.baseline;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import jab.harness.exec.Output;
import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;

/** Runs a native baseline program and reads the numbers it prints, one per line. */
public final class NativeProgram {
    private NativeProgram() {
    }

    /** Runs {@code binary args...}; returns the numeric lines of stdout; fails on exit != 0 or timeout. */
    public static double[] runForNumbers(Path binary, long timeoutSeconds, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(binary.toString());
        cmd.addAll(List.of(args));
        Result r = Subprocess.of(cmd).stderr(Output.discard()).timeout(Duration.ofSeconds(timeoutSeconds)).run();
        if (!r.ok()) {
            throw new IOException(binary.getFileName() + " exited with " + r.exitCode());
        }
        return r.stdout().lines().map(String::trim).filter(s -> !s.isEmpty()).mapToDouble(Double::parseDouble).toArray();
    }
}
