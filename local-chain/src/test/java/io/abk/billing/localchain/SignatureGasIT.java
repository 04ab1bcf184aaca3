package io.abk.billing.localchain;

import static io.abk.billing.localchain.VaultFixture.GENESIS;
import static io.abk.billing.localchain.VaultFixture.TEN_USDC;
import static io.abk.billing.localchain.VaultFixture.newChargeId;
import static io.abk.billing.localchain.VaultFixture.newRef;
import static io.abk.billing.localchain.VaultFixture.sign;
import static org.assertj.core.api.Assertions.assertThat;

import io.abk.billing.contracts.AuthorizationNonce;
import io.abk.billing.contracts.Eip2612;
import io.abk.billing.contracts.Eip3009;
import io.abk.billing.contracts.Erc20Abi;
import io.abk.billing.contracts.PermitData;
import io.abk.billing.contracts.PermitTokenAbi;
import io.abk.billing.contracts.SubscribeAuthorization;
import io.abk.billing.contracts.SubscriptionVaultAbi;
import io.abk.billing.contracts.VaultSignatures;
import java.math.BigInteger;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.web3j.crypto.Credentials;
import org.web3j.protocol.core.methods.response.TransactionReceipt;

/**
 * The gas of each way to subscribe, charge and pay, read from the receipts of one anvil (the figures in
 * contracts/README.md): the customer and the merchant already hold USDC, so no transfer creates a balance, and each
 * transaction is the first to touch its storage. Bounds a little above the measured figures catch a change that makes
 * a path dearer.
 */
class SignatureGasIT {

    private static final Logger LOG = LoggerFactory.getLogger(SignatureGasIT.class);
    private static final BigInteger TWELVE_PERIODS = TEN_USDC.multiply(BigInteger.valueOf(12));

    private static VaultFixture chain;

    @BeforeAll
    static void startChain() {
        chain = new VaultFixture();
    }

    @AfterAll
    static void stopChain() {
        chain.close();
    }

    @Test
    void shouldSubscribeAndChargeBySignatureInOneTransactionForAboutTheGasOfApproveSubscribeAndCharge() {
        Map<String, Long> gas = new LinkedHashMap<>();
        Credentials legacyCustomer = chain.walletWithoutEth("legacy customer");
        chain.node.setEthBalance(legacyCustomer.getAddress(), BigInteger.TEN.pow(18));
        Credentials signer = chain.walletWithoutEth("signing customer");

        gas.put(
                "approve",
                gas(chain.tx.send(legacyCustomer, chain.token(), Erc20Abi.approve(chain.vault(), TWELVE_PERIODS))));
        String legacyRef = newRef();
        gas.put(
                "subscribe",
                gas(chain.tx.send(
                        legacyCustomer,
                        chain.vault(),
                        SubscriptionVaultAbi.subscribe(
                                legacyRef, chain.merchant.getAddress(), chain.token(), TEN_USDC, 1, GENESIS))));
        gas.put("charge (first period)", gas(chain.charge(legacyRef, TEN_USDC, newChargeId())));

        var withCharge = terms(signer);
        gas.put(
                "subscribeBySignature with permit and first charge",
                gas(subscribeBySignature(withCharge, signer, permit(signer), newChargeId())));
        var withoutCharge = terms(signer);
        gas.put(
                "subscribeBySignature with permit, no charge",
                gas(subscribeBySignature(withoutCharge, signer, permit(signer), null)));
        gas.put(
                "subscribeBySignature, allowance in place, no permit, no charge",
                gas(subscribeBySignature(terms(signer), signer, null, null)));

        chain.timeIs(chain.addMonths(GENESIS, 1));
        gas.put("charge (a later period)", gas(chain.charge(legacyRef, TEN_USDC, newChargeId())));

        BigInteger deadline =
                BigInteger.valueOf(chain.now().plus(Duration.ofHours(1)).getEpochSecond());
        String cancel = sign(VaultSignatures.cancel(chain.vaultDomain(), withoutCharge.ref(), deadline), signer);
        gas.put(
                "cancelBySignature",
                gas(chain.tx.send(
                        chain.relayer,
                        chain.vault(),
                        SubscriptionVaultAbi.cancelBySignature(withoutCharge.ref(), deadline, cancel))));

        gas.put(
                "transfer",
                gas(chain.tx.send(
                        legacyCustomer, chain.token(), Erc20Abi.transfer(chain.merchant.getAddress(), TEN_USDC))));
        String nonce = AuthorizationNonce.of("pay_gas");
        BigInteger validBefore = deadline;
        String authorization = sign(
                Eip3009.transferWithAuthorization(
                        chain.tokenDomain(),
                        signer.getAddress(),
                        chain.merchant.getAddress(),
                        TEN_USDC,
                        BigInteger.ZERO,
                        validBefore,
                        nonce),
                signer);
        gas.put(
                "transferWithAuthorization",
                gas(chain.tx.send(
                        chain.relayer,
                        chain.token(),
                        PermitTokenAbi.transferWithAuthorization(
                                signer.getAddress(),
                                chain.merchant.getAddress(),
                                TEN_USDC,
                                BigInteger.ZERO,
                                validBefore,
                                nonce,
                                authorization))));

        LOG.info(
                "event=gas_measured {}",
                gas.entrySet().stream()
                        .map(entry -> "\"" + entry.getKey() + "\"=" + entry.getValue())
                        .collect(Collectors.joining(" ")));
        // One relayed transaction replaces the customer's three at about their total: the signature path adds two
        // nonces (the terms' and the permit's) and two signature checks, and saves two transactions' base cost.
        long threeTransactions = gas.get("approve") + gas.get("subscribe") + gas.get("charge (first period)");
        assertThat(gas.get("subscribeBySignature with permit and first charge"))
                .isLessThan(threeTransactions * 11 / 10);
        assertThat(gas).allSatisfy((what, used) -> assertThat(used).as(what).isLessThan(CEILINGS.get(what)));
    }

    /** About a tenth above the figures measured when the signature path was built (contracts/README.md). */
    private static final Map<String, Long> CEILINGS = Map.of(
            "approve", 51_000L,
            "subscribe", 104_000L,
            "charge (first period)", 115_000L,
            "subscribeBySignature with permit and first charge", 284_000L,
            "subscribeBySignature with permit, no charge", 170_000L,
            "subscribeBySignature, allowance in place, no permit, no charge", 142_000L,
            "charge (a later period)", 97_000L,
            "cancelBySignature", 42_000L,
            "transfer", 38_000L,
            "transferWithAuthorization", 76_000L);

    private static long gas(TransactionReceipt receipt) {
        return receipt.getGasUsed().longValueExact();
    }

    private static SubscribeAuthorization terms(Credentials customer) {
        return new SubscribeAuthorization(
                newRef(),
                customer.getAddress(),
                chain.merchant.getAddress(),
                chain.token(),
                TEN_USDC,
                1,
                GENESIS,
                12,
                chain.now().plus(Duration.ofHours(1)),
                AuthorizationNonce.of(newRef()));
    }

    private static PermitData permit(Credentials customer) {
        var permit = Eip2612.permit(
                chain.tokenDomain(),
                customer.getAddress(),
                chain.vault(),
                TWELVE_PERIODS.multiply(BigInteger.TEN),
                chain.permitNonce(customer.getAddress()),
                PermitTokenAbi.NO_DEADLINE);
        return new PermitData(
                TWELVE_PERIODS.multiply(BigInteger.TEN), PermitTokenAbi.NO_DEADLINE, sign(permit, customer));
    }

    private static TransactionReceipt subscribeBySignature(
            SubscribeAuthorization terms,
            Credentials customer,
            @org.jspecify.annotations.Nullable PermitData permit,
            @org.jspecify.annotations.Nullable String chargeId) {
        String signature = sign(VaultSignatures.subscribe(chain.vaultDomain(), terms), customer);
        return chain.tx.send(
                chain.relayer,
                chain.vault(),
                SubscriptionVaultAbi.subscribeBySignature(terms, signature, permit, chargeId, TEN_USDC));
    }
}
