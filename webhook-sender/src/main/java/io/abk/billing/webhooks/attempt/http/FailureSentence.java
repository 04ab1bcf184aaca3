package io.abk.billing.webhooks.attempt.http;

import io.netty.channel.ConnectTimeoutException;
import io.netty.handler.timeout.ReadTimeoutException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import javax.net.ssl.SSLException;
import reactor.netty.http.client.PrematureCloseException;

/** The delivery log's error sentence for an exchange that got no answer. */
final class FailureSentence {

    /** Long enough for any exception message worth reading, short enough for a list view. */
    static final int MAX_LENGTH = 500;

    private FailureSentence() {}

    static String of(Throwable failure, Duration timeout) {
        var sentence = describe(failure, timeout);
        return sentence.length() <= MAX_LENGTH ? sentence : sentence.substring(0, MAX_LENGTH);
    }

    private static String describe(Throwable failure, Duration timeout) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            switch (cause) {
                case RefusedAddressException refused -> {
                    return String.valueOf(refused.getMessage());
                }
                case TimeoutException ignored -> {
                    return "no answer within " + seconds(timeout);
                }
                // The client's response timeout (the same duration) may fire before the exchange's own.
                case ReadTimeoutException ignored -> {
                    return "no answer within " + seconds(timeout);
                }
                case ConnectTimeoutException ignored -> {
                    return "could not connect within " + seconds(timeout);
                }
                case ConnectException refused -> {
                    return "could not connect: " + refused.getMessage();
                }
                case PrematureCloseException closed -> {
                    return "the connection was closed before an answer: " + closed.getMessage();
                }
                case SSLException tls -> {
                    return "TLS failed: " + tls.getMessage();
                }
                default -> {
                    // Look further down the chain; the outermost exception is described below if nothing matches.
                }
            }
        }
        return failure.getClass().getSimpleName() + ": " + failure.getMessage();
    }

    private static String seconds(Duration timeout) {
        return timeout.toMillis() % 1000 == 0 ? timeout.toSeconds() + " s" : timeout.toMillis() + " ms";
    }
}
