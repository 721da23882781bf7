import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { lazyClass } from "../../src/internal/lazy-class.js";

class Base {
  static made = 0;
  static describe() {
    return "a base";
  }
  constructor(readonly value: number) {
    Base.made++;
  }
  twice() {
    return this.value * 2;
  }
}

describe("lazyClass", () => {
  it("defines the class on first use only, once", () => {
    let defined = 0;
    const Lazy = lazyClass("Lazy", () => {
      defined++;
      return Base;
    });
    assert.equal(defined, 0);
    const one = new Lazy(2);
    const two = new Lazy(3);
    assert.equal(defined, 1);
    assert.ok(one instanceof Lazy && one instanceof Base);
    assert.equal(two.twice(), 6);
    assert.equal(Object.getPrototypeOf(one), Base.prototype);
    assert.ok(!({} instanceof Lazy));
  });

  it("can be extended, and passes statics and the prototype through", () => {
    const Lazy = lazyClass("Lazy", () => Base);
    class Child extends Lazy {
      thrice() {
        return this.value * 3;
      }
    }
    const child = new Child(5);
    assert.equal(child.thrice(), 15);
    assert.equal(child.twice(), 10);
    assert.ok(child instanceof Base && child instanceof Lazy && child instanceof Child);
    assert.equal((Lazy as typeof Base).describe(), "a base");
    assert.equal(Lazy.prototype, Base.prototype);
    assert.equal(Lazy.name, "Base");
  });

  it("throws what the definition throws, at each use, and refuses a call without new", () => {
    const Missing = lazyClass("Missing", (): typeof Base => {
      throw new Error("the framework is not installed");
    });
    assert.throws(() => new Missing(1), /the framework is not installed/);
    assert.throws(() => new Missing(1), /the framework is not installed/);
    assert.throws(() => (Missing as unknown as () => void)(), /cannot be invoked without 'new'/);
  });
});
