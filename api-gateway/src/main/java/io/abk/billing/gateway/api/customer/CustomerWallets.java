package io.abk.billing.gateway.api.customer;

import io.abk.billing.gateway.platform.json.RequestFields;
import io.abk.billing.gateway.platform.web.ApiException;
import io.abk.billing.gateway.platform.web.Caller;
import io.abk.billing.gateway.platform.web.ErrorCodes;
import io.abk.billing.gateway.readmodel.CustomerReadModel;
import io.abk.billing.gateway.readmodel.ResourceJson;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * The wallet a create names its customer by: {@code customerWallet} as given, or the wallet of the caller's customer
 * {@code customerId} (400 {@code customer_not_found} when the read model has no such customer in the caller's
 * merchant and mode), both only when they agree (else 400 {@code customer_wallet_mismatch}).
 */
@Component
public final class CustomerWallets {

    private final CustomerReadModel customers;

    public CustomerWallets(CustomerReadModel customers) {
        this.customers = customers;
    }

    /** The longest {@code customerId} read: a customer id is 30 characters; a longer string names none either. */
    private static final int MAX_ID_LENGTH = 255;

    /**
     * The {@code customerId} a create names its customer by, if any (a string; whether it is a customer of the
     * caller's is {@linkplain #resolve resolved} afterwards); with neither it nor a wallet, 400 naming
     * {@code walletField}.
     */
    public static @Nullable String customerId(
            RequestFields fields, String walletField, @Nullable String customerWallet) {
        var customerId = fields.optionalString("customerId", MAX_ID_LENGTH).orElse(null);
        if (customerId == null && customerWallet == null) {
            throw required(walletField);
        }
        return customerId;
    }

    /** Requires one of the two (else 400 naming {@code walletField}); the wallet keeps the case it was given in. */
    public Mono<String> resolve(
            Caller caller, String walletField, @Nullable String wallet, @Nullable String customerId) {
        if (customerId == null) {
            if (wallet == null) {
                return Mono.error(() -> required(walletField));
            }
            return Mono.just(wallet);
        }
        return customers
                .find(caller, customerId)
                .switchIfEmpty(Mono.error(() -> new ApiException(
                        400,
                        ErrorCodes.CUSTOMER_NOT_FOUND,
                        "No such customer: '" + customerId + "'",
                        "customerId",
                        null)))
                .map(customer -> {
                    var customerWallet = String.valueOf(ResourceJson.text(customer, "wallet"));
                    if (wallet != null && !wallet.equalsIgnoreCase(customerWallet)) {
                        throw new ApiException(
                                400,
                                ErrorCodes.CUSTOMER_WALLET_MISMATCH,
                                walletField + " " + wallet + " is not the wallet of customer " + customerId + " ("
                                        + customerWallet + "): give one of the two",
                                walletField,
                                null);
                    }
                    return wallet != null ? wallet : customerWallet;
                });
    }

    private static ApiException required(String walletField) {
        return ApiException.invalid(walletField, walletField + " is required (or customerId, a customer of yours)");
    }
}
