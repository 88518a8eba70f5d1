import { TestBed } from '@angular/core/testing';

import { SPARK_HEIGHT, SparklineComponent, sparkShape } from './sparkline.component';

describe('sparkShape', () => {
  it('spreads the values across the box, the largest at the top, zero at the bottom', () => {
    const shape = sparkShape([0, 2, 4]);
    expect(shape.points).toBe(`3,${SPARK_HEIGHT - 3} 32,12 61,3`);
    expect(shape.last).toEqual({ x: 61, y: 3 });
  });

  it('lays all zeros flat on the bottom and draws nothing without values', () => {
    expect(sparkShape([0, 0]).points).toBe(`3,${SPARK_HEIGHT - 3} 61,${SPARK_HEIGHT - 3}`);
    expect(sparkShape([])).toEqual({ points: '', last: null });
    expect(sparkShape([5]).last).toEqual({ x: 32, y: 3 });
  });
});

describe('SparklineComponent', () => {
  it('is an image named by its label', () => {
    const fixture = TestBed.createComponent(SparklineComponent);
    fixture.componentRef.setInput('values', [1, 2]);
    fixture.componentRef.setInput('label', 'Tasks completed per week: 1, 2');
    fixture.detectChanges();
    const svg = (fixture.nativeElement as HTMLElement).querySelector('svg');
    expect(svg?.getAttribute('role')).toBe('img');
    expect(svg?.getAttribute('aria-label')).toBe('Tasks completed per week: 1, 2');
    expect(svg?.querySelector('polyline')?.getAttribute('points')).toBe('3,12 61,3');
  });
});
