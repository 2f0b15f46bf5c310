package jab.harness.run.console;

import java.io.IOException;
import java.util.Collection;
import java.util.stream.Collectors;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.format.OutputFormat;

/**
 * JMH's output, routed: everything JMH prints goes to the run's log (its own text format), the
 * console gets {@link Progress} only, or JMH's text too with --verbose. A benchmark that failed
 * leaves no result, which the run notes where it asks for it.
 */
public final class ProgressFormat implements OutputFormat {
    private final OutputFormat log;
    private final OutputFormat console; // null unless --verbose
    private final Progress progress;
    private final String label;

    public ProgressFormat(OutputFormat log, OutputFormat console, Progress progress, String label) {
        this.log = log;
        this.console = console;
        this.progress = progress;
        this.label = label;
    }

    @Override
    public void startBenchmark(BenchmarkParams params) {
        log.startBenchmark(params);
        if (console != null) {
            console.startBenchmark(params);
        } else {
            String p = params.getParamsKeys().stream().map(k -> k + "=" + params.getParam(k)).collect(Collectors.joining(" "));
            String name = params.getBenchmark().replaceFirst("^jab\\.bench\\.", "");
            progress.started(label + " " + name + (p.isEmpty() ? "" : " " + p));
        }
    }

    @Override
    public void endBenchmark(BenchmarkResult result) {
        log.endBenchmark(result);
        if (console != null) {
            console.endBenchmark(result);
        }
        progress.finished();
    }

    @Override
    public void iteration(BenchmarkParams benchParams, IterationParams params, int iteration) {
        log.iteration(benchParams, params, iteration);
        if (console != null) {
            console.iteration(benchParams, params, iteration);
        }
    }

    @Override
    public void iterationResult(BenchmarkParams benchParams, IterationParams params, int iteration, IterationResult data) {
        log.iterationResult(benchParams, params, iteration, data);
        if (console != null) {
            console.iterationResult(benchParams, params, iteration, data);
        }
    }

    @Override
    public void startRun() {
        log.startRun();
        if (console != null) {
            console.startRun();
        }
    }

    @Override
    public void endRun(Collection<RunResult> result) {
        log.endRun(result);
        if (console != null) {
            console.endRun(result);
        }
    }

    @Override
    public void print(String s) {
        log.print(s);
        if (console != null) {
            console.print(s);
        }
    }

    @Override
    public void println(String s) {
        log.println(s);
        if (console != null) {
            console.println(s);
        }
    }

    @Override
    public void verbosePrintln(String s) {
        log.verbosePrintln(s);
        if (console != null) {
            console.verbosePrintln(s);
        }
    }

    @Override
    public void flush() {
        log.flush();
        if (console != null) {
            console.flush();
        }
    }

    @Override
    public void close() {
        log.close();
        if (console != null) {
            console.flush();
        }
    }

    @Override
    public void write(int b) {
        log.write(b);
        if (console != null) {
            console.write(b);
        }
    }

    @Override
    public void write(byte[] b) throws IOException {
        log.write(b);
        if (console != null) {
            console.write(b);
        }
    }
}
