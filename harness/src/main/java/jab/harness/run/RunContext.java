package jab.harness.run;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import jab.harness.jdk.Jdk;

/**
 * Everything a family needs to know about the run in progress.
 *
 * @param profileName the profile chosen
 * @param params      the user's -p overrides (name to values), already validated
 * @param jdks        the JDKs of this run, in order
 * @param workDir     a per-run folder under --dir for benchmark files; removed at the end and on Ctrl-C
 * @param runDir      the results folder of this run
 * @param log         where progress and notes go (the console)
 * @param verbose     --verbose: JMH's and tools' own output too
 * @param redisServer --redis: the redis-server the kv family compares with, already checked; null: look for one
 */
public record RunContext(ProfileName profileName, Map<String, String[]> params, List<Jdk> jdks, Path workDir,
                         Path runDir, PrintStream log, boolean verbose, Path redisServer) {
}
