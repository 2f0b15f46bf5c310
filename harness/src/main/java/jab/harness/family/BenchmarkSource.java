package jab.harness.family;

import java.util.List;

import org.openjdk.jmh.runner.BenchmarkList;

/**
 * Benchmarks that are not on jab's own class path (a user's jar): JMH's list of them, read by the
 * host, and the class path their forks run with.
 *
 * @param list          JMH's BenchmarkList of them
 * @param forkClasspath the forks' class path entries, JMH's runtime first (it must be the host's: host
 *                      and forks speak JMH's binary protocol)
 */
public record BenchmarkSource(BenchmarkList list, List<String> forkClasspath) {
    public BenchmarkSource {
        forkClasspath = List.copyOf(forkClasspath);
    }
}
