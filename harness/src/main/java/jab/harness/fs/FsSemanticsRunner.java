package jab.harness.fs;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import jab.bench.fs.FsSemantics;
import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;
import jab.harness.exec.SubprocessTimeoutException;
import jab.harness.jdk.ForkClasspath;
import jab.harness.jdk.Jdk;

/**
 * Runs {@link FsSemantics} in a JDK's own JVM and reads its answers, so a table shows what that
 * JDK does, not what the JVM running jab does.
 */
public final class FsSemanticsRunner {
    private FsSemanticsRunner() {
    }

    /** case name -> check name -> answer (true, false or an exception class). */
    public static Map<String, Map<String, String>> probe(Jdk jdk, Path workDir) throws IOException, InterruptedException {
        Result r;
        try {
            r = Subprocess.of(jdk.java().toString(), "-Djab.dir=" + workDir, "-cp", ForkClasspath.get(),
                    FsSemantics.class.getName()).mergeStderrIntoStdout().timeout(Duration.ofSeconds(60)).run();
        } catch (SubprocessTimeoutException e) {
            throw new IOException("semantics probe failed on JDK " + jdk.version() + ": " + e.getMessage(), e);
        }
        String out = r.stdout();
        if (!r.ok()) {
            throw new IOException("semantics probe failed on JDK " + jdk.version() + ": " + out.strip());
        }
        Map<String, Map<String, String>> answers = new LinkedHashMap<>();
        for (String line : out.split("\\R")) {
            String[] f = line.split("\t");
            if (f.length == 3) {
                answers.computeIfAbsent(f[0], k -> new LinkedHashMap<>()).put(f[1], f[2]);
            }
        }
        if (answers.isEmpty()) {
            throw new IOException("semantics probe printed nothing on JDK " + jdk.version() + ": " + out.strip());
        }
        return answers;
    }
}
