package io.abk.billing.webhooks.fanout;

import io.abk.billing.opskit.kafka.KafkaClientSecurity;
import io.abk.billing.schemas.avro.BillingEvent;
import io.abk.billing.schemas.avro.WebhookDelivery;
import io.abk.billing.schemas.topic.Deployment;
import io.abk.billing.schemas.topic.Topics;
import io.abk.billing.webhooks.config.KafkaClientsConfiguration;
import io.abk.billing.webhooks.config.SenderProperties;
import java.time.Clock;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.kafka.config.ConcurrentKafkaListenerContainerFactory;
import org.springframework.kafka.core.KafkaTemplate;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.json.JsonMapper;

/** Wiring of the fan-out: its batch listener container and what it writes with. */
@Configuration(proxyBeanMethods = false)
public class FanOutConfiguration {

    @Bean
    ConcurrentKafkaListenerContainerFactory<String, BillingEvent> fanOutContainerFactory(
            SenderProperties properties, KafkaClientSecurity security, Deployment deployment) {
        return KafkaClientsConfiguration.batchContainerFactory(
                properties, security, Topics.EVENTS, deployment.name(FanOutListener.GROUP));
    }

    @Bean
    JsonMapper payloadJson() {
        // Amounts are BigDecimal: written as plain JSON numbers (10.5, never 1.05E+1).
        return JsonMapper.builder()
                .enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN)
                .build();
    }

    @Bean
    EventLog eventLog(JdbcTemplate jdbc) {
        return new EventLog(jdbc);
    }

    @Bean
    FanOutListener fanOutListener(
            EventLog eventLog,
            KafkaTemplate<String, WebhookDelivery> deliveryTemplate,
            JsonMapper payloadJson,
            Deployment deployment) {
        return new FanOutListener(eventLog, deliveryTemplate, payloadJson, Clock.systemUTC(), deployment);
    }
}
