package io.abk.billing.gateway.api.subscription;

import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.gateway.platform.web.Caller;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.server.ServerWebExchange;
import tools.jackson.databind.JsonNode;

class SubscriptionActionRoutesTest {

    /** A path mapped without a command would answer 500; a command without its path would be unreachable. */
    @Test
    void shouldMapExactlyTheLifecycleActionsWhenTheRouteIsDeclared() throws NoSuchMethodException {
        var route = SubscriptionActionRoutes.class.getMethod(
                "lifecycle", Caller.class, String.class, JsonNode.class, ServerWebExchange.class);

        var mapped = Arrays.stream(route.getAnnotation(PostMapping.class).value())
                .map(path -> path.substring(1))
                .toList();

        assertThat(mapped).containsExactlyInAnyOrderElementsOf(SubscriptionActionRoutes.LIFECYCLE.keySet());
    }
}
