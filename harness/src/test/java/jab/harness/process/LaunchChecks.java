package jab.harness.process;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import jab.bench.process.LaunchCheck;
import jab.harness.jdk.Jdk;
import jab.harness.jdk.ForkClasspath;

/** Runs {@link LaunchCheck} in a JVM of a given JDK and returns what it printed. */
final class LaunchChecks {
    private LaunchChecks() {
    }

    static String run(Jdk jdk, Duration limit, List<String> jvmArgs, String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(jdk.java().toString());
        cmd.addAll(jvmArgs);
        cmd.addAll(List.of("-cp", ForkClasspath.get(), LaunchCheck.class.getName()));
        cmd.addAll(List.of(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            return "did not finish: " + out;
        }
        return out;
    }
}
