package io.abk.billing.localstack.chain;

import io.abk.billing.localchain.AnvilAccounts;
import java.math.BigInteger;
import java.util.List;
import java.util.stream.IntStream;
import org.web3j.crypto.Credentials;
import org.web3j.crypto.Keys;

/**
 * Who is who among anvil's ten default accounts on the local chain. Their keys are anvil's public test keys
 * ({@link AnvilAccounts}): known to everyone, for this local chain only.
 */
public final class ChainAccounts {

    /** Deploys the token and the vault. */
    public static final int DEPLOYER = 0;
    /** The only account the vault takes charges from; chain-indexer's relayer signs with its key. */
    public static final int RELAYER = 1;
    /** The demo merchant's payout address: receives charges and pays refunds through the vault. */
    public static final int MERCHANT_PAYOUT = 2;
    /** The first of the customer wallets, accounts 3 to 9. */
    public static final int FIRST_CUSTOMER = 3;
    /** One million test USDC (6 decimals) per account: more than any local walkthrough or test spends. */
    public static final BigInteger FUNDING = BigInteger.valueOf(1_000_000L).multiply(BigInteger.TEN.pow(6));

    private ChainAccounts() {}

    public static Credentials get(int index) {
        return AnvilAccounts.get(index);
    }

    /** The account's address with its EIP-55 checksum, as wallets and explorers print it. */
    public static String address(int index) {
        return Keys.toChecksumAddress(get(index).getAddress());
    }

    /** The account's private key, {@code 0x} and 64 hex digits. */
    public static String privateKey(int index) {
        return "0x" + String.format("%064x", get(index).getEcKeyPair().getPrivateKey());
    }

    public static List<Integer> customers() {
        return IntStream.range(FIRST_CUSTOMER, AnvilAccounts.all().size())
                .boxed()
                .toList();
    }
}
