package jab.harness.run;

import java.util.ArrayList;
import java.util.List;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.WorkloadParams;

/**
 * More forks of a result, joined to the ones it had: JMH's own RunResult of all the forks, so JMH
 * computes the score, error and percentiles and writes the JSON exactly as if it had run that many
 * forks in one go (its "forks" field included).
 */
final class ForkMerge {
    private ForkMerge() {
    }

    static RunResult merge(RunResult had, RunResult more) {
        List<BenchmarkResult> forks = new ArrayList<>(had.getBenchmarkResults());
        forks.addAll(more.getBenchmarkResults());
        return new RunResult(withForks(had.getParams(), forks.size()), forks);
    }

    private static BenchmarkParams withForks(BenchmarkParams p, int forks) {
        WorkloadParams params = new WorkloadParams();
        int order = 0;
        for (String k : p.getParamsKeys()) {
            params.put(k, p.getParam(k), order++);
        }
        return new BenchmarkParams(p.getBenchmark(), p.generatedBenchmark(), p.shouldSynchIterations(), p.getThreads(),
                p.getThreadGroups(), p.getThreadGroupLabels(), forks, p.getWarmupForks(), p.getWarmup(), p.getMeasurement(),
                p.getMode(), params, p.getTimeUnit(), p.getOpsPerInvocation(), p.getJvm(), p.getJvmArgs(), p.getJdkVersion(),
                p.getVmName(), p.getVmVersion(), p.getJmhVersion(), p.getTimeout());
    }
}
