package jab.harness.jdk;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import jab.harness.UsageException;

/**
 * Turns {@code --jdk} into JDKs: {@code all}, a feature version ({@code 17}), or a path to a JDK
 * home (or its bin/java), comma-separated. Nothing found is a usage error that lists what exists;
 * so is a JDK older than the benchmarks' class files ({@link BenchmarkRelease}), which {@code all}
 * leaves out.
 */
public final class JdkSelector {
    private JdkSelector() {
    }

    public static List<Jdk> select(String spec, JdkDiscovery discovery) {
        return select(spec, discovery, BenchmarkRelease.minimumFeature(), "jab's benchmarks are");
    }

    /**
     * The JDKs of {@code spec} that can load class files of release {@code minimum}: {@code all}
     * leaves older ones out, naming one is refused. {@code what} names the classes in the message
     * ("jab's benchmarks are", "demo.jar is").
     */
    public static List<Jdk> select(String spec, JdkDiscovery discovery, int minimum, String what) {
        if (spec == null || spec.isBlank()) {
            return List.of(requireRunnable(JdkDiscovery.current(), minimum, what, List.of(JdkDiscovery.current())));
        }
        List<Jdk> installed = discovery.discover();
        Map<Path, Jdk> chosen = new LinkedHashMap<>();
        for (String part : spec.split(",")) {
            String s = part.trim();
            if (s.isEmpty()) {
                continue;
            }
            if (s.equals("all")) {
                // One JDK per feature version: the running one wins its version, else the first found.
                Map<Integer, Jdk> perFeature = new LinkedHashMap<>();
                Jdk running = JdkDiscovery.current();
                for (Jdk j : installed.stream().filter(j -> j.feature() >= minimum).toList()) {
                    perFeature.merge(j.feature(), j, (a, b) -> b.home().equals(running.home()) ? b : a);
                }
                perFeature.values().forEach(j -> chosen.put(j.home(), j));
            } else if (s.matches("\\d+")) {
                int feature = Integer.parseInt(s);
                Jdk match = installed.stream().filter(j -> j.feature() == feature).findFirst()
                        .orElseThrow(() -> notFound(s, installed));
                chosen.put(match.home(), requireRunnable(match, minimum, what, installed));
            } else {
                Jdk byPath = byPath(s, installed).orElseThrow(() -> notFound(s, installed));
                chosen.put(byPath.home(), requireRunnable(byPath, minimum, what, installed));
            }
        }
        if (chosen.isEmpty()) {
            throw notFound(spec, installed);
        }
        return new ArrayList<>(chosen.values());
    }

    private static Optional<Jdk> byPath(String s, List<Jdk> installed) {
        Path p = Paths.get(s);
        if (p.getFileName() != null && p.getFileName().toString().startsWith("java") && Files.isRegularFile(p)) {
            p = p.getParent().getParent(); // .../bin/java -> home
        }
        try {
            Path real = p.toRealPath();
            for (Jdk j : installed) {
                if (j.home().equals(real)) {
                    return Optional.of(j);
                }
            }
            return JdkDiscovery.describe(real, "--jdk");
        } catch (java.io.IOException e) {
            return Optional.empty();
        }
    }

    private static UsageException notFound(String spec, List<Jdk> installed) {
        return new UsageException("no JDK matches --jdk " + spec + "; JDKs found:\n" + list(installed)
                + "\nUse a feature version (e.g. 17), a JDK home path, or all; add others with JAB_JDKS=/path/one:/path/two");
    }

    /** A JDK that cannot load the benchmark classes would fail every fork: refused before anything runs. */
    private static Jdk requireRunnable(Jdk jdk, int minimum, String what, List<Jdk> installed) {
        if (jdk.feature() >= minimum) {
            return jdk;
        }
        throw new UsageException("JDK " + jdk.version() + " (" + jdk.home() + ") is too old: " + what + " compiled for Java "
                + minimum + " (class file version " + (minimum + 44) + "); its classes need JDK " + minimum + " or newer; JDKs found that can load them:\n"
                + list(installed.stream().filter(j -> j.feature() >= minimum).toList()));
    }

    private static String list(List<Jdk> jdks) {
        return jdks.stream().map(j -> String.format("  %-3d %s  %s", j.feature(), j.version(), j.home()))
                .collect(Collectors.joining("\n"));
    }
}
