package jab.harness.run.jmh;

import java.util.List;

/**
 * What a run adds to every JMH fork it starts, whatever the family: the user's JVM arguments
 * (--jvm-args), the JMH options given on the command line ({@link JmhOverrides}) and the profilers.
 */
public record ForkOptions(List<String> forkArgs, JmhOverrides overrides, Profilers profilers) {
}
