package io.abk.billing.systemtests.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The running stack's health: UP, because every part it depends on is UP. */
@ExtendWith(SharedStack.class)
@Order(SharedStack.ORDER)
class StackHealthIT {

    @Test
    void shouldReportUpWithKafkaStreamsPostgresAndProjectorUpWhenTheStackIsRunning(Api api) {
        // when the health endpoint is asked, without any credentials
        var health = api.get("/actuator/health").send().expect(200).json();

        // then it is UP, and so is each part the gateway depends on
        assertThat(health.path("status").asString()).isEqualTo("UP");
        var components = health.path("components");
        for (var name : List.of("kafka", "billingStreams", "postgres", "projector", "webhookSender", "streamsApps")) {
            assertThat(components.path(name).path("status").asString())
                    .as(name + " in " + health)
                    .isEqualTo("UP");
        }
        // and the readiness group says the same as the whole health, with the same parts
        var readiness = api.get("/actuator/health/readiness").send().expect(200).json();
        assertThat(readiness.path("components").path("projector").path("status").asString())
                .isEqualTo("UP");
        assertThat(readiness
                        .path("components")
                        .path("streamsApps")
                        .path("status")
                        .asString())
                .isEqualTo("UP");
    }
}
