package io.abk.billing.gateway.api.account;

import io.abk.billing.gateway.command.AcknowledgedProducer;
import io.abk.billing.gateway.platform.ids.IdGenerator;
import io.abk.billing.schemas.topic.Topics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** Wires the account's publisher of a new invoice prefix to {@code billing.invoice-number-commands}. */
@Configuration(proxyBeanMethods = false)
public class AccountConfiguration {

    @Bean(destroyMethod = "close")
    InvoicePrefixPublisher invoicePrefixPublisher(AcknowledgedProducer.Settings producers, IdGenerator ids) {
        return new InvoicePrefixPublisher(
                producers.producerTo(Topics.INVOICE_NUMBER_COMMANDS, "api-gateway-invoice-prefixes"), ids);
    }
}
