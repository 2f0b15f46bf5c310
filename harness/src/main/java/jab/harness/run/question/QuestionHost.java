package jab.harness.run.question;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Optional;

import org.openjdk.jmh.results.RunResult;

import jab.harness.family.Family;
import jab.harness.family.JmhSettings;
import jab.harness.family.Profile;
import jab.harness.family.RunContext;
import jab.harness.jdk.Jdk;
import jab.harness.run.console.Progress;
import jab.harness.run.jmh.ForkOptions;
import jab.harness.run.jmh.Job;

/**
 * What the questions' forks need from the run that hosts them (its JMH phase): each family's
 * settings, profile and context, the options every fork gets, running a job's forks and keeping them
 * as its result, notes, the JMH log and the budget left. An interface, so the questions' code names
 * no class of the run that drives it.
 */
public interface QuestionHost {
    JmhSettings settings(Family family);

    Profile profileOf(Family family);

    RunContext context(Family family);

    ForkOptions forkOptions();

    void note(String note) throws IOException;

    /** One JMH run of a job with {@code forks} forks; empty when it failed (a note says so). */
    Optional<RunResult> measure(Jdk jdk, Job job, int forks, Progress progress) throws IOException;

    /** Adds a measured fork to the job's result. */
    void keep(Jdk jdk, Job job, RunResult fork, double seconds) throws IOException;

    /** Where a JDK's JMH output goes. */
    PrintStream log(Jdk jdk) throws IOException;

    /** Seconds left of the run's budget; infinite without one. */
    double secondsLeft();
}
