package io.abk.billing.chain.relay;

import static io.abk.billing.chain.relay.RelayerHarness.TEN_USDC;
import static io.abk.billing.chain.relay.RelayerHarness.now;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.AuthorizationNonce;
import io.abk.billing.contracts.Eip2612;
import io.abk.billing.contracts.Eip3009;
import io.abk.billing.contracts.Eip712Domain;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.PermitTokenAbi;
import io.abk.billing.contracts.Signatures;
import io.abk.billing.contracts.SubscribeAuthorization;
import io.abk.billing.contracts.SubscriptionRef;
import io.abk.billing.contracts.VaultSignatures;
import io.abk.billing.localchain.AnvilAccounts;
import io.abk.billing.schemas.avro.ChainRequest;
import io.abk.billing.schemas.avro.Executed;
import io.abk.billing.schemas.avro.Mode;
import io.abk.billing.schemas.avro.SignedMandateRequest;
import io.abk.billing.schemas.avro.TransferAuthorizationRequest;
import java.math.BigInteger;
import java.time.Instant;
import java.util.UUID;
import org.web3j.crypto.Credentials;
import org.web3j.protocol.core.DefaultBlockParameterName;
import org.web3j.utils.Numeric;

/**
 * What a customer with USDC and no ETH signs at checkout, signed here with anvil's test keys as a wallet's
 * {@code eth_signTypedData_v4} would, and the chain requests billing-streams writes for it.
 */
final class SignedRequests {

    private final RelayerHarness chain;

    SignedRequests(RelayerHarness chain) {
        this.chain = chain;
    }

    /** Anvil account {@code index} with 1,000 USDC and its ETH set to zero: it can sign, never pay gas. */
    Credentials walletWithoutEth(int index) throws Exception {
        var wallet = AnvilAccounts.get(index);
        chain.mint(wallet.getAddress(), TEN_USDC * 100);
        chain.node.rpc("anvil_setBalance", wallet.getAddress(), "0x0");
        assertThat(ethOf(wallet)).isZero();
        return wallet;
    }

    BigInteger ethOf(Credentials wallet) throws Exception {
        return chain.node
                .web3j()
                .ethGetBalance(wallet.getAddress(), DefaultBlockParameterName.LATEST)
                .send()
                .getBalance();
    }

    /** Request {@code n} of {@code paymentId}: {@code payer}'s signed transfer of ten USDC to the merchant. */
    ChainRequest authorization(String paymentId, int n, Credentials payer, long validBefore) {
        var nonce = AuthorizationNonce.of(paymentId);
        var signature = Signatures.sign(
                Eip3009.transferWithAuthorization(
                                tokenDomain(),
                                payer.getAddress(),
                                chain.merchant.getAddress(),
                                BigInteger.valueOf(TEN_USDC),
                                BigInteger.ZERO,
                                BigInteger.valueOf(validBefore),
                                nonce)
                        .digest(),
                key(payer));
        return base(paymentId + ":authorization:" + n, payer)
                .setPaymentId(paymentId)
                .setPayload(new TransferAuthorizationRequest(0L, validBefore, nonce, signature))
                .build();
    }

    /**
     * {@code customer}'s signed terms of ten USDC a month for twelve months from the chain's now, with a permit for
     * the twelve and the first invoice {@code invoiceId} charged in the same transaction.
     */
    ChainRequest mandate(String subscriptionId, String invoiceId, Credentials customer) {
        var chainNow = chain.node.latestBlockTimestamp();
        var deadline = chainNow.plusSeconds(3600);
        var terms = new SubscribeAuthorization(
                SubscriptionRef.of(subscriptionId),
                customer.getAddress(),
                chain.merchant.getAddress(),
                chain.token(),
                BigInteger.valueOf(TEN_USDC),
                1,
                chainNow,
                12,
                deadline,
                // A random 32-byte nonce, as the checkout makes one.
                "0x" + UUID.randomUUID().toString().replace("-", "").repeat(2));
        var termsSignature = Signatures.sign(
                VaultSignatures.subscribe(VaultSignatures.domain(chain.node.chainId(), chain.vault()), terms)
                        .digest(),
                key(customer));
        var permitValue = BigInteger.valueOf(TEN_USDC * 12);
        var permitSignature = Signatures.sign(
                Eip2612.permit(
                                tokenDomain(),
                                customer.getAddress(),
                                chain.vault(),
                                permitValue,
                                Erc20Abi.decodeUint256(
                                        chain.tx.call(chain.token(), PermitTokenAbi.nonces(customer.getAddress()))),
                                BigInteger.valueOf(deadline.getEpochSecond()))
                        .digest(),
                key(customer));
        return base(subscriptionId + ":mandate:1", customer)
                .setSubscriptionId(subscriptionId)
                .setPayload(SignedMandateRequest.newBuilder()
                        .setPeriodMonths(1)
                        .setFirstChargeAtSeconds(chainNow.getEpochSecond())
                        .setPeriods(12)
                        .setDeadlineSeconds(deadline.getEpochSecond())
                        .setNonce(terms.nonce())
                        .setSignature(termsSignature)
                        .setPermitValueBaseUnits(permitValue.toString())
                        .setPermitDeadlineSeconds(deadline.getEpochSecond())
                        .setPermitSignature(permitSignature)
                        .setFirstChargeInvoiceId(invoiceId)
                        .setFirstChargeAmountMicros(TEN_USDC)
                        .build())
                .build();
    }

    /** The chain's time an hour from now, as Unix seconds. */
    long inAnHour() {
        return chain.node.latestBlockTimestamp().plusSeconds(3600).getEpochSecond();
    }

    /** {@code executed} names a transaction of the relayer's, with the gas and cost its receipt says. */
    void assertGasOfItsReceipt(Executed executed) throws Exception {
        var receipt = chain.node
                .web3j()
                .ethGetTransactionReceipt(executed.getTxHash())
                .send()
                .getTransactionReceipt()
                .orElseThrow();
        assertThat(receipt.getFrom()).isEqualToIgnoringCase(chain.relayer.getAddress());
        assertThat(executed.getGasUsed())
                .isEqualTo(receipt.getGasUsed().longValueExact())
                .isPositive();
        assertThat(executed.getGasCostWei())
                .isEqualTo(receipt.getGasUsed()
                        .multiply(Numeric.decodeQuantity(receipt.getEffectiveGasPrice()))
                        .toString())
                .isNotEqualTo("0");
    }

    /** The token's EIP-712 domain, its name and version read from the token as the checkout reads them. */
    private Eip712Domain tokenDomain() {
        return new Eip712Domain(
                PermitTokenAbi.decodeString(chain.tx.call(chain.token(), PermitTokenAbi.name())),
                PermitTokenAbi.decodeString(chain.tx.call(chain.token(), PermitTokenAbi.version())),
                chain.node.chainId(),
                chain.token());
    }

    private ChainRequest.Builder base(String requestId, Credentials wallet) {
        Instant requestedAt = now();
        return ChainRequest.newBuilder()
                .setRequestId(requestId)
                .setResultCommandId("cmd_" + requestId)
                .setSubscriptionId(null)
                .setInvoiceId(null)
                .setPaymentId(null)
                .setMerchantId("mer_relayer_it")
                .setMode(Mode.TEST)
                .setRequestedAt(requestedAt)
                .setAmountMicros(TEN_USDC)
                .setWalletAddress(wallet.getAddress())
                .setPayoutAddress(chain.merchant.getAddress())
                .setOnChainSubscriptionId(null);
    }

    private static String key(Credentials wallet) {
        return RelayerHarness.Numeric.key(wallet);
    }
}
