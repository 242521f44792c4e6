import { startFakeServer, type FakeServer } from '../venues/fake/startFakeServer.ts';

export interface DefiLlamaFake extends FakeServer {
  /** Sets the price the fake answers for `coingecko:<id>`, observed at `timestampSeconds`. */
  setPrice(coinId: string, price: number, timestampSeconds: number): void;
}

/**
 * DefiLlama's coins API on loopback, in its dialect: `GET /prices/current/<coins>` with
 * comma-separated `coingecko:<id>` keys answers `{ coins: { key: { price, symbol, timestamp,
 * confidence } } }` and simply omits coins it does not know.
 */
export async function startDefiLlamaFake(): Promise<DefiLlamaFake> {
  const prices = new Map<string, { price: number; timestamp: number }>();
  const server = await startFakeServer({
    'GET /prices/current/:coins': (request) => {
      const coins: Record<string, unknown> = {};
      for (const key of (request.query.get('coins') ?? '').split(',')) {
        const known = prices.get(key);
        if (known) coins[key] = { price: known.price, symbol: key.split(':')[1]?.toUpperCase(), timestamp: known.timestamp, confidence: 0.99 };
      }
      return { body: { coins } };
    },
  });
  return {
    ...server,
    setPrice(coinId, price, timestampSeconds) {
      prices.set(`coingecko:${coinId}`, { price, timestamp: timestampSeconds });
    },
  };
}
