package io.abk.billing.webhooks.attempt.http;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.handler.timeout.ReadTimeoutException;
import java.net.ConnectException;
import java.time.Duration;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class FailureSentenceTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    @Test
    void shouldNameTimeoutWhenNoAnswerInTime() {
        assertThat(FailureSentence.of(new TimeoutException("Did not observe any item"), TIMEOUT))
                .isEqualTo("no answer within 15 s");
        assertThat(FailureSentence.of(new TimeoutException(), Duration.ofMillis(1500)))
                .isEqualTo("no answer within 1500 ms");
        // The client's own response timeout and the exchange's overall one race; whichever fires, the sentence is one.
        assertThat(FailureSentence.of(ReadTimeoutException.INSTANCE, TIMEOUT)).isEqualTo("no answer within 15 s");
    }

    @Test
    void shouldUseGuardSentenceWhenRefusalIsWrapped() {
        var wrapped = new IllegalStateException(
                "connect failed", new RefusedAddressException("url's host 'x' resolves to 10.0.0.5"));

        assertThat(FailureSentence.of(wrapped, TIMEOUT)).isEqualTo("url's host 'x' resolves to 10.0.0.5");
    }

    @Test
    void shouldCapLengthWhenMessageIsHuge() {
        var sentence = FailureSentence.of(new ConnectException("x".repeat(5000)), TIMEOUT);

        assertThat(sentence).startsWith("could not connect: x").hasSize(FailureSentence.MAX_LENGTH);
    }
}
