package io.abk.billing.gateway.checkout;

import io.abk.billing.gateway.config.ChainsProperties;
import io.abk.billing.gateway.controlplane.merchant.MerchantLookup;
import io.abk.billing.gateway.readmodel.InvoiceReadModel;
import io.abk.billing.schemas.avro.Mode;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import reactor.core.publisher.Mono;

/**
 * {@code /invoice/{token}}: the public, printable page of one finalized invoice ({@link InvoicePage}), no API key and
 * no session, the token being the capability (128 random bits minted with the invoice's number, the last path segment
 * of its {@code hostedInvoiceUrl}). An unknown token is a 404 page that says nothing of any invoice.
 */
@RestController
public class HostedInvoiceRoutes {

    private final InvoiceReadModel invoices;
    private final MerchantLookup merchants;
    private final ChainsProperties chains;

    public HostedInvoiceRoutes(InvoiceReadModel invoices, MerchantLookup merchants, ChainsProperties chains) {
        this.invoices = invoices;
        this.merchants = merchants;
        this.chains = chains;
    }

    @GetMapping("/invoice/{token}")
    public Mono<ResponseEntity<String>> page(@PathVariable String token) {
        return invoices.findByHostedToken(token)
                .flatMap(owned -> CheckoutSupport.brand(merchants, owned)
                        .map(brand -> CheckoutSupport.html(
                                HttpStatus.OK,
                                InvoicePage.render(
                                        owned.body(),
                                        brand,
                                        chains.of(owned.mode()).explorerUrl(),
                                        owned.mode() == Mode.TEST),
                                brand)))
                .defaultIfEmpty(CheckoutSupport.html(HttpStatus.NOT_FOUND, InvoicePage.notFound()));
    }
}
