package jab.harness;

/** Bad input from the user: printed as is, exit code 2, and nothing has been run. */
public class UsageException extends RuntimeException {
    public UsageException(String message) {
        super(message);
    }
}
