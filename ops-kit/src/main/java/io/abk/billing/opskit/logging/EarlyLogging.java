package io.abk.billing.opskit.logging;

/**
 * What a service's {@code main} does before anything logs. Setting up JSON logs (Spring Boot's structured formats)
 * builds a Spring Environment, which logs at DEBUG while logging itself is being set up; SLF4J replays those calls
 * afterwards with a three-line note on standard error that is not JSON and would break a log shipper's
 * one-object-a-line parsing. The note is an SLF4J warning about SLF4J: raising its reporting threshold to ERROR hides
 * it and keeps SLF4J's real errors. This class has no logger, so calling it initialises nothing.
 */
public final class EarlyLogging {

    private EarlyLogging() {}

    /** Before the first logger is created; a value set on the command line wins. */
    public static void quietReplayNote() {
        if (System.getProperty("slf4j.internal.verbosity") == null) {
            System.setProperty("slf4j.internal.verbosity", "ERROR");
        }
    }
}
